import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Headset, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CHAT_WINDOW } from '@cubeshop/shared';
import { CHAT_OPEN_PARAM } from '@/lib/chat/open-param';
import { useAuthStore } from '@/lib/stores/auth';

// The live chat (socket client, window, emoji, images) loads on the first click.
const ChatSession = lazy(() => import('./components/ChatSession'));

/**
 * The customer-service chat (docs/requirements.md, Screens and States): a floating button with an unread badge; the
 * window opens on click (badge reset), minimize returns to the button with the conversation kept,
 * close ends timers and the connection. An admin's click goes to the customer-service console.
 */
export function ChatWidget() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [started, setStarted] = useState(false);
  const [unread, setUnread] = useState(0);
  const isStaff = useAuthStore((s) => s.user?.admin === true);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();

  // Signed in from the footer's customer-service entry: open the chat here, once.
  const openRequested = params.get(CHAT_OPEN_PARAM) === '1';
  useEffect(() => {
    if (!openRequested) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CHAT_OPEN_PARAM);
        return next;
      },
      { replace: true },
    );
    if (isStaff) return;
    setStarted(true);
    setOpen(true);
  }, [openRequested, isStaff, setParams]);

  const onButton = () => {
    if (isStaff) {
      void navigate('/admin/customer-service');
      return;
    }
    setStarted(true);
    setOpen(true);
  };
  const onMinimize = useCallback(() => setOpen(false), []);
  const onClose = useCallback(() => {
    setOpen(false);
    setStarted(false);
    setUnread(0);
  }, []);

  return (
    <>
      {/* Phones: the button sits in an opaque bar along the bottom of the window, which the page
          keeps room for (styles.css, .chat-launcher-room), so it never covers a line of the page.
          Wider: it floats at the bottom right. */}
      {!open ? (
        <div
          data-testid="chat-launcher"
          className="fixed inset-x-0 bottom-0 z-40 flex h-14 items-center justify-end border-t border-gray-200 bg-white px-3 sm:inset-x-auto sm:right-5 sm:bottom-5 sm:h-auto sm:border-0 sm:bg-transparent sm:p-0"
        >
          <button
            type="button"
            onClick={onButton}
            aria-label={isStaff ? t('chat.adminHint') : unread > 0 ? `${t('chat.open')} (${unread})` : t('chat.open')}
            title={isStaff ? t('chat.adminHint') : t('chat.open')}
            data-testid="chat-button"
            className="relative inline-flex size-11 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition-transform hover:scale-105 hover:bg-brand-700 sm:size-14"
          >
            {isStaff ? <Headset aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
            {unread > 0 ? (
              <span
                data-testid="chat-unread"
                className="absolute -top-1 -right-1 min-w-5 rounded-full bg-ink px-1 text-center text-xs leading-5 font-semibold text-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            ) : null}
          </button>
        </div>
      ) : null}
      {started ? (
        <Suspense fallback={open ? <WindowFallback /> : null}>
          <ChatSession open={open} onMinimize={onMinimize} onClose={onClose} onUnread={setUnread} />
        </Suspense>
      ) : null}
    </>
  );
}

function WindowFallback() {
  const { t } = useTranslation('common');
  const margin = CHAT_WINDOW.margin;
  return (
    <section
      aria-label={t('chat.title')}
      aria-busy="true"
      className="fixed z-40 flex flex-col items-center justify-center gap-3 rounded-xl border border-gray-200 bg-white p-6 text-center shadow-2xl"
      style={{
        right: margin,
        bottom: margin,
        width: CHAT_WINDOW.width,
        height: CHAT_WINDOW.height,
        maxWidth: `calc(100vw - ${margin * 2}px)`,
        maxHeight: `calc(100vh - ${margin * 2}px)`,
      }}
    >
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
      <p className="text-sm text-gray-600">{t('chat.connecting')}</p>
    </section>
  );
}
