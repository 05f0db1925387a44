import { useTranslation } from 'react-i18next';
import type { TCustomerChat } from '@cubeshop/shared';
import { AuthedImage } from '@/components/ui/AuthedImage';
import { Section } from '@/components/staff/Section';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { toast } from '@/lib/stores/toast';
import { formatStamp } from '../lib/format';

/** Lines of text with a Copy button (contacts, addresses): pasted as they are shown. */
export function CopyBlock({ text, testId }: { text: string; testId?: string }) {
  const { t } = useTranslation('staff');
  const copy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    toast.success(t('customers.copied'));
  };
  return (
    <div className="flex items-start justify-between gap-2">
      <pre className="min-w-0 font-sans text-sm break-words whitespace-pre-wrap text-ink" data-testid={testId}>
        {text}
      </pre>
      <Button size="sm" variant="ghost" onClick={() => void copy()}>
        {t('customers.copy')}
      </Button>
    </div>
  );
}

/** The buyer's latest conversations with customer service, read-only (text is never HTML). */
export function ChatHistoryCard({ chats }: { chats: TCustomerChat[] }) {
  const { t } = useTranslation('staff');
  return (
    <Section title={t('customers.chat')}>
      {chats.length === 0 ? (
        <p className="text-sm text-gray-600">{t('customers.noChat')}</p>
      ) : (
        <div className="space-y-2">
          {chats.map((chat, i) => (
            <details key={chat.gid} open={i === 0} className="rounded border border-gray-100">
              <summary className="cursor-pointer px-2 py-1 text-xs text-gray-700">
                {formatStamp(chat.startedTime)}
                {chat.endedTime ? ` – ${formatStamp(chat.endedTime)}` : ''} · {t(`customers.chatStatus.${chat.status}`, { defaultValue: chat.status })}
              </summary>
              <ol className="max-h-80 space-y-1 overflow-y-auto px-2 pb-2 text-sm">
                {chat.messages.map((m) => (
                  <li key={m.seq} className={cn(m.kind === 'system' ? 'text-center text-xs text-gray-500' : m.fromBuyer ? 'pr-8' : 'pl-8 text-right')}>
                    {m.kind === 'system' ? (
                      (m.translation ?? m.content)
                    ) : (
                      <span className={cn('inline-block max-w-full rounded px-2 py-1 text-left', m.fromBuyer ? 'bg-gray-100' : 'bg-brand-50')}>
                        <span className="block text-xs text-gray-500">
                          {m.sender} · {formatStamp(m.time)}
                        </span>
                        {m.kind === 'image' && m.image ? (
                          // Private to the conversation: fetched with the staff member's token.
                          <AuthedImage
                            api="chat"
                            path={m.image}
                            alt={t('customers.chatImage')}
                            className="max-h-32 max-w-full rounded object-contain"
                            loading="lazy"
                          />
                        ) : (
                          <span className="break-words whitespace-pre-wrap">{m.content}</span>
                        )}
                        {m.translation && m.translation !== m.content ? <span className="block text-xs break-words text-gray-600">{m.translation}</span> : null}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </details>
          ))}
        </div>
      )}
    </Section>
  );
}
