import { useTranslation } from 'react-i18next';
import { CHAT_RECONNECT_ATTEMPTS } from '@cubeshop/shared';
import { cn } from '@/components/ui/cn';
import type { ChatConnectionStatus } from '@/lib/chat/state';

const DOT: Record<ChatConnectionStatus, string> = {
  connected: 'bg-emerald-400',
  connecting: 'bg-amber-300 animate-pulse',
  reconnecting: 'bg-amber-300 animate-pulse',
  disconnected: 'bg-gray-400',
};

/** The connection state in words and a dot (docs/requirements.md, States). */
export function ConnectionStatus({ status, attempt, className }: { status: ChatConnectionStatus; attempt: number; className?: string }) {
  const { t } = useTranslation('chat');
  return (
    <span role="status" data-status={status} className={cn('inline-flex items-center gap-1.5 text-xs', className)}>
      <span aria-hidden="true" className={cn('size-2 rounded-full', DOT[status])} />
      {status === 'reconnecting' ? t('status.reconnecting', { attempt, max: CHAT_RECONNECT_ATTEMPTS }) : t(`status.${status}`)}
    </span>
  );
}
