import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { ADMIN_SEARCH_MIN_LENGTH, type TStaffSearchHit, type TStaffSearchKind } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/Spinner';
import { typing } from '@/components/staff/use-list-keys';
import { useDebounced } from '@/lib/debounced';
import { useLookup } from '../api/lookup';

/** A row of the list: a match, or a section's "all matching" link. */
type Option = { key: string; kind: TStaffSearchKind; link: string } & ({ hit: TStaffSearchHit } | { all: true });

const STATUS_TONE: Record<NonNullable<TStaffSearchHit['status']>, string> = {
  confirm: 'bg-amber-50 text-amber-800',
  outbound: 'bg-sky-50 text-sky-800',
  delivery: 'bg-indigo-50 text-indigo-800',
  complete: 'bg-emerald-50 text-emerald-800',
  cancel: 'bg-gray-100 text-gray-600',
};

/**
 * The back office search box in the staff frame (docs/orders.md, Staff search): orders, customers
 * and products the role may read, as the staff type. `/` focuses it (not while typing in another
 * field); arrows move through the matches, Enter opens one (or the first), Escape closes the list;
 * the mouse works as well. Asks once ADMIN_SEARCH_MIN_LENGTH characters are typed, 200 ms after
 * the last key.
 */
export function StaffSearch({ className }: { className?: string }) {
  const { t } = useTranslation('staff');
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const q = useDebounced(typed, 200);
  const asked = typed.length >= ADMIN_SEARCH_MIN_LENGTH;
  const lookup = useLookup(asked ? q : '');
  // Only an answer to what stands in the box is shown (not the one before it while the next loads).
  const answer = asked && lookup.data?.q === typed ? lookup.data : undefined;

  const options = useMemo<Option[]>(
    () =>
      answer?.sections.flatMap((s) => [
        ...s.hits.map((hit) => ({ key: `${s.kind}-${hit.id}`, kind: s.kind, link: hit.link, hit })),
        ...(s.more ? [{ key: `${s.kind}-all`, kind: s.kind, link: s.all, all: true as const }] : []),
      ]) ?? [],
    [answer],
  );
  const activeIndex = active < options.length ? active : -1;
  const expanded = open && asked;

  // `/` anywhere in the staff app (not in a field, no modifier) comes here first: the lists' own
  // `/` (components/staff/use-list-keys) sees the key taken.
  useEffect(() => {
    function listen(event: globalThis.KeyboardEvent) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || typing(event.target)) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    }
    window.addEventListener('keydown', listen, { capture: true });
    return () => window.removeEventListener('keydown', listen, { capture: true });
  }, []);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: Option | undefined) => {
    if (!option) return;
    close();
    input.current?.blur();
    void navigate(option.link);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an input method is still composing (pinyin → 汉字)
    const n = options.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (n === 0) return;
      if (!expanded) setOpen(true);
      if (event.key === 'ArrowDown') setActive(activeIndex >= n - 1 ? 0 : activeIndex + 1);
      else setActive(activeIndex <= 0 ? n - 1 : activeIndex - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (expanded) choose(options[activeIndex >= 0 ? activeIndex : 0]);
      else setOpen(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (expanded) close();
      else input.current?.blur();
    } else if (event.key === 'Tab') {
      close();
    }
  };

  const renderOption = (option: Option, index: number) => {
    const isActive = index === activeIndex;
    return (
      <a
        key={option.key}
        id={optionId(index)}
        href={option.link}
        role="option"
        aria-selected={isActive}
        tabIndex={-1}
        // The focus stays in the box: a press on a row must not blur it before the click.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => activeIndex !== index && setActive(index)}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab or window: the browser's
          e.preventDefault();
          choose(option);
        }}
        className={cn('flex items-center gap-2 px-3 py-1.5 text-sm text-gray-700 no-underline', isActive && 'bg-brand-50 text-ink')}
      >
        {'hit' in option ? (
          <>
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink">{option.hit.title}</span>
              {option.hit.detail ? <span className="block truncate text-xs text-gray-500">{option.hit.detail}</span> : null}
            </span>
            {option.hit.status ? (
              <span className={cn('shrink-0 rounded px-1.5 py-0.5 text-xs', STATUS_TONE[option.hit.status])}>{t(`lookup.status.${option.hit.status}`)}</span>
            ) : null}
          </>
        ) : (
          <span className="text-brand-700">{t('lookup.all', { kind: t(`lookup.kinds.${option.kind}`) })} →</span>
        )}
      </a>
    );
  };

  // While loading, after a failure or with nothing found, a line says so instead of the list.
  const status = !answer ? (
    lookup.isError ? (
      <p className="px-3 py-2 text-sm text-red-700">{t('lookup.failed')}</p>
    ) : (
      <p className="flex items-center gap-2 px-3 py-2 text-sm text-gray-600">
        <Spinner className="[&>span:first-child]:size-4" />
        {t('lookup.loading')}
      </p>
    )
  ) : options.length === 0 ? (
    <p className="px-3 py-2 text-sm text-gray-600">{t('lookup.empty', { q: typed })}</p>
  ) : null;
  const groups =
    answer && options.length > 0
      ? answer.sections.map((section) => {
          const members = options.map((option, index) => ({ option, index })).filter(({ option }) => option.kind === section.kind);
          if (members.length === 0) return null;
          const headingId = `${id}-${section.kind}`;
          return (
            <div key={section.kind} role="group" aria-labelledby={headingId} className="border-t border-gray-100 pb-1 first:border-t-0">
              <div id={headingId} className="px-3 pt-2 pb-1 text-xs font-medium text-gray-500">
                {t(`lookup.kinds.${section.kind}`)}
              </div>
              {members.map(({ option, index }) => renderOption(option, index))}
            </div>
          );
        })
      : null;

  return (
    <div role="search" className={cn('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        {t('lookup.label')}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-gray-500" />
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        aria-keyshortcuts="/"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={text}
        placeholder={t('lookup.placeholder')}
        title={t('lookup.shortcut')}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="h-8 w-full rounded-md border border-gray-300 bg-white pr-2 pl-8 text-sm text-ink placeholder:text-gray-500 focus:border-brand-500 focus:outline-none"
      />
      <div
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-[min(75vh,36rem)] overflow-y-auto overscroll-contain rounded-md border border-gray-200 bg-white py-1 shadow-lg sm:left-auto sm:w-[28rem] sm:max-w-[calc(100vw-2rem)]"
      >
        {expanded && status ? <div role="status">{status}</div> : null}
        <div id={listboxId} role="listbox" aria-label={t('lookup.label')} hidden={!expanded || !groups}>
          {expanded ? groups : null}
        </div>
      </div>
    </div>
  );
}
