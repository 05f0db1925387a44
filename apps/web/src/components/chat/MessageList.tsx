import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { AlertCircle, Check, Clock, Languages, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AuthedImage } from '@/components/ui/AuthedImage';
import { cn } from '@/components/ui/cn';
import type { ChatMessage } from '@/lib/chat/state';
import { linkify } from '@/lib/chat/linkify';
import { translationView } from '@/lib/chat/translation-view';
import { ImagePreview } from './ImagePreview';

/** Plain text with http(s) links; never HTML. */
export function ChatText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((part, i) =>
        part.type === 'link' ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="break-all underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

function time(timestamp: number, language: string) {
  return new Date(timestamp).toLocaleTimeString(language === 'zh' ? 'zh-CN' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
}

interface BubbleProps {
  message: ChatMessage;
  language: string;
  showTranslations: boolean;
  onImage: (src: string, alt: string) => void;
  onRetry?: ((id: string) => void) | undefined;
  onRetryTranslation?: ((message: ChatMessage) => void) | undefined;
}

function Bubble({ message, language, showTranslations, onImage, onRetry, onRetryTranslation }: BubbleProps) {
  const { t } = useTranslation('chat');
  const view = translationView(message, language);
  // null: follow the list's setting; true/false: this message's own choice.
  const [own, setOwn] = useState<boolean | null>(null);
  const [explain, setExplain] = useState(false);
  const translated = view === 'available' && (own ?? showTranslations);

  if (message.isSystem) {
    return (
      <li className="flex justify-center" data-message-id={message.id}>
        <p className="max-w-[90%] rounded-full bg-gray-200/70 px-3 py-1 text-center text-xs text-gray-600">
          {message.localKey ? t(message.localKey) : view === 'available' && translated ? message.translate : message.content}
        </p>
      </li>
    );
  }

  const text = translated ? message.translate : message.content;
  return (
    <li className={cn('flex flex-col gap-1', message.isUser ? 'items-end' : 'items-start')} data-message-id={message.id} data-status={message.status}>
      {!message.isUser ? <span className="px-1 text-xs text-gray-500">{message.uname}</span> : null}
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
          message.isUser ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm border border-gray-200 bg-white text-ink',
          message.status === 'failed' && 'opacity-70',
        )}
      >
        {message.kind === 'image' && message.image ? (
          <button
            type="button"
            onClick={() => onImage(message.image!, t('imageFrom', { name: message.uname || t('you') }))}
            className="block"
            aria-label={t('openImage', { name: message.uname || t('you') })}
          >
            <AuthedImage api="chat" path={message.image} alt="" className="max-h-48 max-w-full rounded-lg object-contain" loading="lazy" />
          </button>
        ) : (
          <p lang={translated ? language : (message.language ?? undefined)}>
            <ChatText text={text} />
          </p>
        )}
      </div>
      <div className={cn('flex flex-wrap items-center gap-2 px-1 text-[11px] text-gray-500', message.isUser && 'justify-end')}>
        <time dateTime={new Date(message.timestamp).toISOString()}>{time(message.timestamp, language)}</time>
        {message.isUser ? (
          message.status === 'pending' ? (
            <span className="inline-flex items-center gap-0.5" title={t('pending')}>
              <Clock aria-hidden="true" className="size-3" />
              <span className="sr-only">{t('pending')}</span>
            </span>
          ) : message.status === 'sent' ? (
            <span className="inline-flex items-center gap-0.5 text-emerald-600" title={t('sent')}>
              <Check aria-hidden="true" className="size-3" />
              <span className="sr-only">{t('sent')}</span>
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 text-red-600">
              <AlertCircle aria-hidden="true" className="size-3" />
              {message.error || t('sendFailed')}
              {onRetry ? (
                <button type="button" onClick={() => onRetry(message.id)} className="inline-flex items-center gap-0.5 underline">
                  <RotateCcw aria-hidden="true" className="size-3" />
                  {t('retry')}
                </button>
              ) : null}
            </span>
          )
        ) : null}
        {view === 'pending' ? (
          <span className="inline-flex items-center gap-0.5 text-gray-400 motion-safe:animate-pulse">
            <Languages aria-hidden="true" className="size-3" />
            {t('translating')}
          </span>
        ) : view === 'available' ? (
          <button
            type="button"
            onClick={() => setOwn(!translated)}
            aria-pressed={translated}
            className="inline-flex items-center gap-0.5 text-brand-700 hover:underline"
          >
            <Languages aria-hidden="true" className="size-3" />
            {translated ? t('showOriginal') : t('showTranslation')}
          </button>
        ) : view === 'off' || view === 'error' ? (
          <>
            <button
              type="button"
              onClick={() => setExplain((v) => !v)}
              aria-expanded={explain}
              className="inline-flex items-center gap-0.5 text-brand-700 hover:underline"
            >
              <Languages aria-hidden="true" className="size-3" />
              {t('showTranslation')}
            </button>
            {explain ? (
              <span role="note" className="text-gray-600">
                {view === 'off' ? t('translationOff') : t('translationFailed')}
                {view === 'error' && onRetryTranslation ? (
                  <button type="button" onClick={() => onRetryTranslation(message)} className="ml-1 underline">
                    {t('retryTranslation')}
                  </button>
                ) : null}
              </span>
            ) : null}
          </>
        ) : null}
      </div>
    </li>
  );
}

export interface MessageListProps {
  messages: readonly ChatMessage[];
  language: string;
  /** Default for the translate/original toggles (a message's own click overrides it). */
  showTranslations?: boolean;
  onRetry?: (id: string) => void;
  onRetryTranslation?: (message: ChatMessage) => void;
  className?: string;
  label: string;
}

/** The messages of one conversation, newest at the bottom; stays scrolled to the end while the reader is there. */
export function MessageList({ messages, language, showTranslations = true, onRetry, onRetryTranslation, className, label }: MessageListProps) {
  const ref = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  const [preview, setPreview] = useState<{ src: string; alt: string } | null>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => {
      atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <>
      {/* The log scrolls: tabIndex lets a keyboard user reach it and scroll with the arrow keys. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ol ref={ref} role="log" aria-live="polite" aria-label={label} tabIndex={0} className={cn('flex flex-col gap-3 overflow-y-auto p-3', className)}>
        {messages.map((message) => (
          <Bubble
            key={message.id}
            message={message}
            language={language}
            showTranslations={showTranslations}
            onImage={(src, alt) => setPreview({ src, alt })}
            onRetry={onRetry}
            onRetryTranslation={onRetryTranslation}
          />
        ))}
      </ol>
      <ImagePreview src={preview?.src ?? null} alt={preview?.alt ?? ''} onClose={() => setPreview(null)} />
    </>
  );
}
