import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { Headset, Minus, RefreshCw, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHAT_WINDOW } from '@cubeshop/shared';
import { Composer } from '@/components/chat/Composer';
import { ConnectionStatus } from '@/components/chat/ConnectionStatus';
import { MessageList } from '@/components/chat/MessageList';
import { cn } from '@/components/ui/cn';
import type { ChatMessage } from '@/lib/chat/client';
import { clampWindowPosition, defaultWindowPosition, type Point, type Size } from '@/lib/chat/drag';
import { chatSessionHandlers } from '@/lib/chat/session';
import { useChatClient } from '@/lib/chat/use-chat-client';
import { getLocale } from '@/lib/locale';
import { getToken } from '@/lib/storage';
import { toast } from '@/lib/stores/toast';

const PHONE_QUERY = '(max-width: 479px)';
const EMPTY: readonly ChatMessage[] = [];

function useIsPhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(PHONE_QUERY);
    const onChange = () => setPhone(media.matches);
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  return phone;
}

function viewport(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

function windowSize(view: Size): Size {
  const m = CHAT_WINDOW.margin * 2;
  return { width: Math.min(CHAT_WINDOW.width, Math.max(200, view.width - m)), height: Math.min(CHAT_WINDOW.height, Math.max(240, view.height - m)) };
}

/** Seconds left until `endsAt`, ticking once a second. */
function useCountdown(endsAt: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [endsAt]);
  return endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export interface ChatSessionProps {
  open: boolean;
  onMinimize: () => void;
  onClose: () => void;
  onUnread: (count: number) => void;
}

/** The buyer's live chat: one socket client for as long as the widget is not closed. */
export default function ChatSession({ open, onMinimize, onClose, onUnread }: ChatSessionProps) {
  const { t } = useTranslation('chat');
  const language = getLocale();
  const [client, state] = useChatClient(() => ({ role: 'buyer', language, getToken, ...chatSessionHandlers }));
  const phone = useIsPhone();
  const [view, setView] = useState<Size>(viewport);
  const size = windowSize(view);
  const [position, setPosition] = useState<Point | null>(null);
  const drag = useRef<{ dx: number; dy: number; id: number } | null>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const warnedConnect = useRef(false);

  useEffect(() => {
    client.connect();
  }, [client]);

  useEffect(() => {
    client.setViewing(open ? '*' : null);
  }, [client, open]);

  const unread = Object.values(state.unread).reduce((a, b) => a + b, 0);
  useEffect(() => onUnread(unread), [unread, onUnread]);

  useEffect(
    () =>
      client.onEvent((event) => {
        if (event.type === 'send_failed') toast.error(t('sendFailed'), { title: event.desc });
      }),
    [client, t],
  );

  useEffect(() => {
    if (state.problem === 'retries_exhausted' && !warnedConnect.current) {
      warnedConnect.current = true;
      toast.error(t('connectFailed'));
    }
    if (state.status === 'connected') warnedConnect.current = false;
  }, [state.problem, state.status, t]);

  useEffect(() => {
    const onResize = () => setView(viewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Keep the window inside the viewport when the viewport shrinks.
  const at = clampWindowPosition(position ?? defaultWindowPosition(size, view), size, view);

  // The conversation on screen: the open one, else the last one (ended, still readable).
  const [shownGid, setShownGid] = useState<string | null>(null);
  useEffect(() => {
    if (state.activeGid) setShownGid(state.activeGid);
  }, [state.activeGid]);
  const gid = state.activeGid ?? shownGid;
  const messages = gid ? (state.messages[gid] ?? EMPTY) : EMPTY;
  const group = gid ? state.groups[gid] : undefined;
  const ended = gid ? state.ended[gid] !== undefined || group?.status === 'ended' : false;
  const canWrite = state.activeGid !== null && !ended;
  const seconds = useCountdown(state.warning?.endsAt ?? null);

  if (!open) return null;

  const close = () => {
    client.endByUser();
    client.close();
    onClose();
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (phone || event.button !== 0 || (event.target as Element).closest('button')) return;
    drag.current = { dx: event.clientX - at.x, dy: event.clientY - at.y, id: event.pointerId };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId) return;
    setPosition(clampWindowPosition({ x: event.clientX - d.dx, y: event.clientY - d.dy }, size, view));
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (drag.current?.id === event.pointerId) drag.current = null;
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (event.target !== headerRef.current) return;
    const step = event.shiftKey ? 50 : 10;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (delta) {
      event.preventDefault();
      setPosition(clampWindowPosition({ x: at.x + delta[0]!, y: at.y + delta[1]! }, size, view));
    } else if (event.key === 'Escape') {
      onMinimize();
    }
  };

  return (
    <section
      aria-label={t('title')}
      data-testid="chat-window"
      className={cn('fixed z-40 flex flex-col overflow-hidden bg-white shadow-2xl', phone ? 'inset-0' : 'rounded-xl border border-gray-200')}
      style={phone ? undefined : { left: at.x, top: at.y, width: size.width, height: size.height }}
    >
      <header
        className={cn('flex items-center gap-2 bg-brand-600 px-3 py-2 text-white select-none', !phone && 'cursor-move touch-none')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
      >
        {/* The window's move handle: the arrow keys move the window (dragging the header does too); no ARIA role fits a handle with nothing to press. */}
        {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
        <div
          ref={headerRef}
          tabIndex={phone ? -1 : 0}
          onKeyDown={onKeyDown}
          aria-label={phone ? undefined : t('move')}
          title={phone ? undefined : t('move')}
          className="flex min-w-0 flex-1 items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-white"
        >
          <Headset aria-hidden="true" className="size-5 shrink-0" />
          <div className="min-w-0">
            <h2 className="truncate text-sm font-semibold">{t('title')}</h2>
            <ConnectionStatus status={state.status} attempt={state.attempt} className="text-white/90" />
          </div>
        </div>
        {state.status === 'disconnected' && state.problem !== 'no_token' ? (
          <button
            type="button"
            onClick={() => client.reconnect()}
            className="inline-flex items-center gap-1 rounded bg-white/15 px-2 py-1 text-xs font-medium hover:bg-white/25"
          >
            <RefreshCw aria-hidden="true" className="size-3.5" />
            {t('reconnect')}
          </button>
        ) : null}
        <button type="button" onClick={onMinimize} aria-label={t('minimize')} title={t('minimize')} className="rounded p-1 hover:bg-white/15">
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <button type="button" onClick={close} aria-label={t('close')} title={t('close')} className="rounded p-1 hover:bg-white/15">
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>

      {group?.status === 'waiting' && !ended ? (
        <p className="border-b border-amber-200 bg-amber-50 px-3 py-1.5 text-xs text-amber-900">{t('waitingAgent')}</p>
      ) : null}
      {group?.status === 'serving' && group.agents.length > 0 && !ended ? (
        <p className="truncate border-b border-gray-200 bg-gray-50 px-3 py-1.5 text-xs text-gray-600">
          {t('serving', { names: group.agents.map((a) => a.uname).join(', ') })}
        </p>
      ) : null}

      {messages.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-gray-50 p-6 text-center">
          {state.problem === 'no_token' ? (
            <p className="text-sm text-gray-600">{t('noToken')}</p>
          ) : state.problem === 'retries_exhausted' ? (
            <p className="text-sm text-red-700">{t('connectFailed')}</p>
          ) : state.problem === 'too_many' ? (
            <p className="text-sm text-red-700">{t('tooManyConnections')}</p>
          ) : state.problem === 'unauthorized' ? (
            <p className="text-sm text-gray-600">{t('sessionEnded')}</p>
          ) : (
            <>
              <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
              <p className="text-sm text-gray-600">{t('connecting')}</p>
            </>
          )}
        </div>
      ) : (
        <MessageList
          messages={messages}
          language={language}
          label={t('messages')}
          className="min-h-0 flex-1 bg-gray-50"
          onRetry={(id) => client.retry(id)}
          onRetryTranslation={(m) => client.requestTranslation(m.gid, m.id)}
        />
      )}

      {state.warning ? (
        <div role="alertdialog" aria-labelledby="chat-inactive-title" className="border-t border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          <p id="chat-inactive-title" className="font-semibold">
            {t('inactivity.title')}
          </p>
          <p>{t('inactivity.body', { seconds })}</p>
          <button
            type="button"
            onClick={() => client.continueChat()}
            className="mt-1 rounded-md bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700"
          >
            {t('inactivity.continue')}
          </button>
        </div>
      ) : null}

      {ended ? (
        // Ended (by the agent, by inactivity or by the buyer): the notice and one way on, no input.
        <div className="flex items-center justify-between gap-2 border-t border-gray-200 bg-white px-3 py-2 text-sm" data-testid="chat-ended">
          <span className="text-gray-600">{t('ended')}</span>
          <button
            type="button"
            disabled={state.status !== 'connected'}
            onClick={() => client.startNew()}
            className="rounded-md bg-brand-600 px-3 py-1 text-xs font-medium text-white hover:bg-brand-700 disabled:opacity-50"
          >
            {t('startNew')}
          </button>
        </div>
      ) : null}

      {ended ? null : (
        <Composer
          disabled={!canWrite}
          placeholder={canWrite ? t('placeholder') : t('waitingForConnection')}
          onText={(text) => client.sendText(text) !== null}
          onImage={(dataUrl) => void client.sendImage(dataUrl)}
        />
      )}
    </section>
  );
}
