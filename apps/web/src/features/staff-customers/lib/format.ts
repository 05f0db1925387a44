import { formatMoney, type TCustomerSpent } from '@cubeshop/shared';
import { getLocale } from '@/lib/locale';

/** A time as staff read it in their language (short date and time). */
export function formatStamp(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/** A day only (registration). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(getLocale() === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'short' }).format(date);
}

/** Money received per currency, e.g. "¥70.00 · $12.50"; empty when none. */
export const formatSpent = (spent: readonly TCustomerSpent[]) => spent.map((s) => formatMoney(Math.round(s.amount * 100), s.currency)).join(' · ');
