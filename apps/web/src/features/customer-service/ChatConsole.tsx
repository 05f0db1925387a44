import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Bell, Headset, Languages, LogOut, MessagesSquare, RefreshCw, UserPlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TChatGroup } from '@cubeshop/shared';
import { Composer } from '@/components/chat/Composer';
import { ConnectionStatus } from '@/components/chat/ConnectionStatus';
import { MessageList } from '@/components/chat/MessageList';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import type { ChatMessage } from '@/lib/chat/client';
import { chatSessionHandlers } from '@/lib/chat/session';
import { useChatClient } from '@/lib/chat/use-chat-client';
import { getLocale } from '@/lib/locale';
import { getToken } from '@/lib/storage';
import { useAuthStore } from '@/lib/stores/auth';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { chatGroupKeys, servingQuery, useAcceptGroup, useLeaveGroup, waitingQuery } from './api/groups';
import { BuyerOrders } from './components/BuyerOrders';
import { InviteDialog } from './components/InviteDialog';
import { formatDuration, QueueList, useNow, waitedMs } from './components/QueueList';
import { useConsoleNotifications } from './hooks/use-console-notifications';
import { refreshAfterWrite } from '@/lib/query-client';

const EMPTY: readonly ChatMessage[] = [];

function BuyerCard({ group }: { group: TChatGroup }) {
  const { t } = useTranslation('staff', { keyPrefix: 'cs' });
  const now = useNow();
  const rows: [string, string][] = [
    [t('buyer.name'), group.uname],
    [t('buyer.uid'), String(group.uid)],
    [t('buyer.language'), t(`languages.${group.language}`)],
    [t('buyer.status'), t(`status.${group.status}`)],
    [t('buyer.waited'), formatDuration(waitedMs(group, now), t)],
    [t('buyer.started'), new Date(group.createdAt).toLocaleString(getLocale() === 'zh' ? 'zh-CN' : 'en-GB')],
  ];
  if (group.agents.length) rows.push([t('buyer.agents'), group.agents.map((a) => a.uname).join(', ')]);
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm lg:grid-cols-[auto_1fr_auto_1fr_auto_1fr]" data-testid="buyer-card">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-gray-500">{label}</dt>
          <dd className="min-w-0 truncate text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The staff customer-service console (/admin/customer-service in the staff frame, for roles with the
 * `chat` capability; docs/requirements.md, Screens and Roles, docs/chat.md): waiting and serving lists kept
 * fresh by socket events, accept / end / invite, the conversation with translate toggles, replies
 * with text, emoji and images, notifications, and an online/offline switch (an admin is online
 * while the console holds a chat connection).
 */
export function ChatConsole() {
  const { t } = useTranslation('staff', { keyPrefix: 'cs' });
  const { t: tc } = useTranslation('chat');
  const user = useAuthStore((s) => s.user);
  const language = getLocale();
  const [client, state] = useChatClient(() => ({ role: 'admin', language, getToken, inactivity: false, ...chatSessionHandlers }));
  const [online, setOnline] = useState(true);
  const [selected, setSelected] = useState<string | null>(null);
  const [showTranslations, setShowTranslations] = useState(true);
  // The customer card starts folded on phones (the conversation needs the height).
  const [wide] = useState(() => typeof window.matchMedia !== 'function' || window.matchMedia('(min-width: 768px)').matches);
  const [inviteFor, setInviteFor] = useState<TChatGroup | null>(null);
  const [newWaiting, setNewWaiting] = useState(0);
  const queryClient = useQueryClient();
  const waiting = useQuery(waitingQuery());
  const serving = useQuery(servingQuery());
  const accept = useAcceptGroup();
  const leave = useLeaveGroup();
  const myUid = state.session?.uid ?? user?.id ?? null;

  useEffect(() => {
    if (online) client.connect();
    else client.close();
  }, [client, online]);
  useEffect(() => {
    if (state.problem === 'too_many') toast.error(tc('tooManyConnections'));
  }, [state.problem, tc]);

  // Socket events say the queues changed: refetch both lists.
  const firstVersion = useRef(state.queueVersion);
  useEffect(() => {
    if (state.queueVersion === firstVersion.current) return;
    void refreshAfterWrite(queryClient, chatGroupKeys.all);
  }, [state.queueVersion, queryClient]);
  // A fresh connection: the lists may have changed while offline.
  useEffect(() => {
    if (state.status === 'connected') void refreshAfterWrite(queryClient, chatGroupKeys.all);
  }, [state.status, queryClient]);

  // The open conversation is read (the client reports it to the server's read cursor, batched);
  // elsewhere messages above the cursor count as unread. A reload starts from the server's cursor,
  // so what was read before raises no notice and no badge.
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onVisibility = () => {
      setVisible(document.visibilityState === 'visible');
      if (document.visibilityState === 'visible') setNewWaiting(0);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onVisibility);
    };
  }, []);
  useEffect(() => {
    client.setViewing(visible ? selected : null);
  }, [client, selected, visible]);

  const unreadTotal = Object.values(state.unread).reduce((a, b) => a + b, 0);
  const { notices, notify, dismiss, permission, requestPermission } = useConsoleNotifications(unreadTotal + newWaiting);
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type === 'message') {
          const m = event.message;
          if (m.isUser || m.isSystem) return;
          if (selectedRef.current === m.gid && document.visibilityState === 'visible') return;
          notify(`message:${m.gid}`, m.gid, (count) => t('notify.message', { name: m.uname, count }));
        } else if (event.type === 'queue' && event.change === 'waiting') {
          if (document.visibilityState !== 'visible') setNewWaiting((n) => n + 1);
          notify(`waiting:${event.group.gid}`, event.group.gid, () => t('notify.waiting', { name: event.group.uname }));
        } else if (event.type === 'send_failed') {
          toast.error(tc('sendFailed'), { title: event.desc });
        }
      }),
    [client, notify, t, tc],
  );

  const groups = useMemo(() => {
    const map = new Map<string, TChatGroup>();
    for (const g of waiting.data ?? []) map.set(g.gid, g);
    for (const g of serving.data ?? []) map.set(g.gid, g);
    return map;
  }, [waiting.data, serving.data]);
  const group = selected ? (groups.get(selected) ?? state.groups[selected] ?? null) : null;
  const isAgent = group !== null && myUid !== null && group.agents.some((a) => a.uid === myUid);
  const ended = selected !== null && (state.ended[selected] !== undefined || group?.status === 'ended');
  const messages = selected ? (state.messages[selected] ?? EMPTY) : EMPTY;
  const canWrite = isAgent && !ended && online;

  const onAccept = (g: TChatGroup) => {
    accept.mutate(
      { gid: g.gid },
      {
        onSuccess: () => {
          setSelected(g.gid);
          setNewWaiting(0);
          toast.success(t('accepted', { name: g.uname }));
        },
      },
    );
  };
  const onEnd = async (g: TChatGroup) => {
    const ok = await confirmDialog({ title: t('endTitle'), message: t('endConfirm', { name: g.uname }), confirmButtonText: t('end') });
    if (ok) leave.mutate({ gid: g.gid });
  };

  const acceptButton = (g: TChatGroup) => (
    <Button size="sm" className="mr-1" disabled={!online || accept.isPending} onClick={() => onAccept(g)} aria-label={t('acceptName', { name: g.uname })}>
      {t('accept')}
    </Button>
  );

  return (
    <div className="flex min-h-[28rem] flex-1 flex-col bg-gray-100">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-200 bg-white px-3 py-2 sm:px-4">
        <h1 className="flex min-w-0 items-center gap-2 truncate font-semibold text-ink">
          <Headset aria-hidden="true" className="size-5 text-brand-600" />
          {t('title')}
        </h1>
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-gray-700">
            <input type="checkbox" role="switch" checked={online} onChange={(e) => setOnline(e.target.checked)} className="peer sr-only" />
            <span
              aria-hidden="true"
              className="relative h-5 w-9 rounded-full bg-gray-300 transition-colors peer-checked:bg-emerald-500 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 after:absolute after:top-0.5 after:left-0.5 after:size-4 after:rounded-full after:bg-white after:transition-transform peer-checked:after:translate-x-4"
            />
            {online ? t('online') : t('offline')}
          </label>
          <ConnectionStatus status={state.status} attempt={state.attempt} className="text-gray-600" />
          {online && state.status === 'disconnected' ? (
            <Button size="sm" variant="secondary" onClick={() => client.reconnect()}>
              <RefreshCw aria-hidden="true" className="size-3.5" />
              {tc('reconnect')}
            </Button>
          ) : null}
          {permission === 'default' ? (
            <Button size="sm" variant="ghost" onClick={() => void requestPermission()} title={t('notify.enable')} aria-label={t('notify.enable')}>
              <Bell aria-hidden="true" className="size-4" />
            </Button>
          ) : null}
        </div>
      </div>

      <div aria-live="polite" className="pointer-events-none fixed bottom-20 left-3 z-50 flex w-72 max-w-[calc(100vw-1.5rem)] flex-col gap-2">
        {notices.map((n) => (
          <div
            key={n.id}
            role="status"
            className="pointer-events-auto flex items-start gap-2 rounded-lg border border-brand-200 bg-white p-3 text-sm shadow-lg"
          >
            <button type="button" className="min-w-0 flex-1 text-left text-ink hover:underline" onClick={() => (setSelected(n.gid), dismiss(n.id))}>
              {n.text}
            </button>
            <button type="button" onClick={() => dismiss(n.id)} aria-label={t('dismiss')} className="rounded p-0.5 text-gray-500 hover:bg-gray-100">
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ))}
      </div>

      <div className="flex min-h-0 flex-1 flex-col md:flex-row">
        <aside
          className={cn(
            'min-h-0 overflow-y-auto border-gray-200 bg-white md:block md:w-80 md:shrink-0 md:border-r',
            selected ? 'hidden' : 'flex-1 md:flex-none',
          )}
        >
          {!online ? <p className="border-b border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">{t('offlineHint')}</p> : null}
          <QueueList
            title={t('waiting')}
            empty={t('emptyWaiting')}
            groups={waiting.data}
            loading={waiting.isPending}
            error={waiting.isError}
            onRetry={() => void waiting.refetch()}
            selected={selected}
            onSelect={setSelected}
            unread={state.unread}
            myUid={myUid}
            action={acceptButton}
          />
          <QueueList
            title={t('serving')}
            empty={t('emptyServing')}
            groups={serving.data}
            loading={serving.isPending}
            error={serving.isError}
            onRetry={() => void serving.refetch()}
            selected={selected}
            onSelect={setSelected}
            unread={state.unread}
            myUid={myUid}
          />
        </aside>

        <section aria-label={t('conversation')} className={cn('min-h-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}>
          {!group ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-gray-500">
              <MessagesSquare aria-hidden="true" className="size-12 text-gray-300" />
              <p>{selected ? t('gone') : t('pickCustomer')}</p>
              {selected ? (
                <Button variant="secondary" size="sm" onClick={() => setSelected(null)}>
                  {t('backToLists')}
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-2 border-b border-gray-200 bg-white px-3 py-2">
                <button
                  type="button"
                  onClick={() => setSelected(null)}
                  className="rounded p-1 text-gray-600 hover:bg-gray-100 md:hidden"
                  aria-label={t('backToLists')}
                >
                  <ArrowLeft aria-hidden="true" className="size-5" />
                </button>
                <h2 className="min-w-0 flex-1 truncate font-semibold text-ink">
                  {group.uname} <span className="text-xs font-normal text-gray-500">#{group.uid}</span>
                </h2>
                <label className="inline-flex items-center gap-1.5 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    checked={showTranslations}
                    onChange={(e) => setShowTranslations(e.target.checked)}
                    className="size-4 accent-brand-600"
                  />
                  <Languages aria-hidden="true" className="size-4" />
                  {t('translations')}
                </label>
                {group.status === 'waiting' ? (
                  <Button size="sm" disabled={!online || accept.isPending} onClick={() => onAccept(group)}>
                    {t('accept')}
                  </Button>
                ) : null}
                {isAgent && !ended ? (
                  <>
                    <Button size="sm" variant="secondary" onClick={() => setInviteFor(group)}>
                      <UserPlus aria-hidden="true" className="size-4" />
                      {t('invite')}
                    </Button>
                    <Button size="sm" variant="danger" disabled={leave.isPending} onClick={() => void onEnd(group)}>
                      <LogOut aria-hidden="true" className="size-4" />
                      {t('end')}
                    </Button>
                  </>
                ) : null}
              </div>
              <details className="border-b border-gray-200 bg-white px-3 py-2" open={wide}>
                <summary className="cursor-pointer text-xs font-semibold tracking-wide text-gray-500 uppercase">{t('buyer.title')}</summary>
                <div className="pt-2">
                  <BuyerCard group={group} />
                  {isAgent ? <BuyerOrders gid={group.gid} /> : null}
                </div>
              </details>
              {isAgent || messages.length > 0 ? (
                <MessageList
                  messages={messages}
                  language={language}
                  showTranslations={showTranslations}
                  label={tc('messages')}
                  className="min-h-0 flex-1"
                  onRetry={(id) => client.retry(id)}
                  onRetryTranslation={(m) => client.requestTranslation(m.gid, m.id)}
                />
              ) : (
                <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-gray-500">
                  {group.status === 'waiting' ? t('acceptToSee') : t('servedByOthers')}
                </div>
              )}
              {ended ? <p className="border-t border-gray-200 bg-gray-50 px-3 py-2 text-center text-sm text-gray-600">{tc('ended')}</p> : null}
              <Composer
                disabled={!canWrite}
                placeholder={canWrite ? t('reply') : t('replyDisabled')}
                onText={(text) => selected !== null && client.sendText(text, selected) !== null}
                onImage={(dataUrl) => selected && void client.sendImage(dataUrl, selected)}
              />
            </>
          )}
        </section>
      </div>
      <InviteDialog group={inviteFor} myUid={myUid} onClose={() => setInviteFor(null)} />
    </div>
  );
}
