import { useState } from 'react';
import { Headset, MessageCircle, Minus, Send, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CHAT_WINDOW } from '@cubeshop/shared';
import { useAuthStore } from '@/lib/stores/auth';

/**
 * The customer-service chat slot (spec section 2, Chat widget): a floating button, and a
 * 400 x 500 window that waits for an agent. The live conversation (socket, messages, emoji,
 * images, inactivity) plugs in here. An admin's click goes to the customer-service console.
 */
export function ChatWidget() {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const isAdmin = useAuthStore((s) => s.user?.admin === true);
  const navigate = useNavigate();
  const unread = 0;

  const onButton = () => {
    if (isAdmin) void navigate('/admin/customer-service');
    else setOpen(true);
  };

  if (!open) {
    return (
      <button
        type="button"
        onClick={onButton}
        aria-label={isAdmin ? t('chat.adminHint') : t('chat.open')}
        title={isAdmin ? t('chat.adminHint') : t('chat.open')}
        className="fixed right-5 bottom-5 z-40 inline-flex size-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition-transform hover:scale-105 hover:bg-brand-700"
      >
        {isAdmin ? <Headset aria-hidden="true" className="size-6" /> : <MessageCircle aria-hidden="true" className="size-6" />}
        {unread > 0 ? (
          <span className="absolute -top-1 -right-1 min-w-5 rounded-full bg-ink px-1 text-center text-xs leading-5 font-semibold text-white">{unread}</span>
        ) : null}
      </button>
    );
  }

  const margin = CHAT_WINDOW.margin;
  return (
    <section
      aria-label={t('chat.title')}
      className="fixed z-40 flex flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-2xl"
      style={{
        right: margin,
        bottom: margin,
        width: CHAT_WINDOW.width,
        height: CHAT_WINDOW.height,
        maxWidth: `calc(100vw - ${margin * 2}px)`,
        maxHeight: `calc(100vh - ${margin * 2}px)`,
      }}
    >
      <header className="flex items-center gap-2 bg-brand-600 px-4 py-3 text-white">
        <Headset aria-hidden="true" className="size-5" />
        <h2 className="flex-1 font-semibold">{t('chat.title')}</h2>
        <button type="button" onClick={() => setOpen(false)} aria-label={t('chat.minimize')} className="rounded p-1 hover:bg-white/15">
          <Minus aria-hidden="true" className="size-5" />
        </button>
        <button type="button" onClick={() => setOpen(false)} aria-label={t('chat.close')} className="rounded p-1 hover:bg-white/15">
          <X aria-hidden="true" className="size-5" />
        </button>
      </header>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 bg-gray-50 p-6 text-center" role="status">
        <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
        <p className="text-sm text-gray-600">{t('chat.connecting')}</p>
      </div>
      <div className="flex gap-2 border-t border-gray-200 p-3">
        <input disabled placeholder={t('chat.waiting')} aria-label={t('chat.waiting')} className="h-10 min-w-0 flex-1 rounded-md border border-gray-300 bg-gray-100 px-3 text-sm" />
        <button type="button" disabled aria-label={t('chat.send')} className="inline-flex size-10 items-center justify-center rounded-md bg-brand-600 text-white disabled:opacity-50">
          <Send aria-hidden="true" className="size-4" />
        </button>
      </div>
    </section>
  );
}
