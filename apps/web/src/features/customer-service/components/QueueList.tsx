import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatGroup } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { Skeleton } from '@/components/ui/Skeleton';

/** "3 min 05 s" / "45 s". */
export function formatDuration(ms: number, t: (key: string, params?: Record<string, unknown>) => string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  return m > 0 ? t('duration.minutes', { m, s: String(s).padStart(2, '0') }) : t('duration.seconds', { s });
}

/** Re-renders every `ms` (waiting times). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** How long the buyer has waited: live while waiting, fixed once accepted. */
export function waitedMs(group: TChatGroup, now: number): number {
  return group.status === 'waiting' ? Math.max(group.waitingMs, now - group.createdAt) : group.waitingMs;
}

export interface QueueListProps {
  title: string;
  empty: string;
  groups: TChatGroup[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  selected: string | null;
  onSelect: (gid: string) => void;
  unread: Record<string, number>;
  myUid: number | null;
  /** Shown at the right of a waiting row. */
  action?: (group: TChatGroup) => React.ReactNode;
}

export function QueueList({ title, empty, groups, loading, error, onRetry, selected, onSelect, unread, myUid, action }: QueueListProps) {
  const { t } = useTranslation('staff', { keyPrefix: 'cs' });
  const now = useNow();
  return (
    <section className="border-b border-gray-200 p-3" aria-label={title}>
      <h2 className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
        {title}
        {groups ? <span className="rounded-full bg-gray-200 px-1.5 text-[11px] text-gray-700">{groups.length}</span> : null}
      </h2>
      {loading ? (
        <div className="space-y-2" aria-busy="true">
          {[0, 1].map((i) => (
            <div key={i} className="flex items-center gap-2">
              <Skeleton className="size-8 shrink-0 rounded-full" />
              <div className="flex-1 space-y-1">
                <Skeleton className="h-3 w-3/4" />
                <Skeleton className="h-3 w-1/2" />
              </div>
            </div>
          ))}
        </div>
      ) : error ? (
        <p className="text-sm text-red-700">
          {t('loadFailed')}{' '}
          <button type="button" onClick={onRetry} className="underline">
            {t('retry')}
          </button>
        </p>
      ) : !groups?.length ? (
        <p className="text-sm text-gray-500">{empty}</p>
      ) : (
        <ul className="space-y-1">
          {groups.map((group) => {
            const mine = myUid !== null && group.agents.some((a) => a.uid === myUid);
            const count = unread[group.gid] ?? 0;
            return (
              <li
                key={group.gid}
                className={cn('flex items-center gap-1 rounded-md', selected === group.gid ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-gray-50')}
              >
                <button
                  type="button"
                  onClick={() => onSelect(group.gid)}
                  aria-current={selected === group.gid ? 'true' : undefined}
                  data-gid={group.gid}
                  className="flex min-w-0 flex-1 items-center gap-2 rounded-md p-2 text-left"
                >
                  <span
                    aria-hidden="true"
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-700"
                  >
                    {(group.uname || '?').slice(0, 1).toUpperCase()}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-1">
                      <span className="truncate text-sm font-medium text-ink">{group.uname}</span>
                      {mine ? <span className="shrink-0 rounded bg-emerald-100 px-1 text-[10px] text-emerald-800">{t('mine')}</span> : null}
                    </span>
                    <span className="block truncate text-xs text-gray-500">
                      {t(`languages.${group.language}`)} · #{group.uid} ·{' '}
                      {group.status === 'waiting'
                        ? t('waitingFor', { time: formatDuration(waitedMs(group, now), t) })
                        : group.agents.map((a) => a.uname).join(', ')}
                    </span>
                  </span>
                  {count > 0 ? (
                    <span className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs leading-5 font-semibold text-white" aria-label={t('unread', { count })}>
                      {count}
                    </span>
                  ) : null}
                </button>
                {action?.(group)}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
