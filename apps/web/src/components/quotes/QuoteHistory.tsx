import { useTranslation } from 'react-i18next';
import type { TQuote } from '@cubeshop/shared';

/** The steps of the quote, oldest first (its audit entries; staff are not named to the buyer). */
export function QuoteHistory({ quote, staffNames = false }: { quote: TQuote; staffNames?: boolean }) {
  const { t, i18n } = useTranslation('quotes');
  return (
    <ol className="space-y-1 text-sm" data-testid="quote-history">
      {quote.history.map((h, i) => (
        <li key={i} className="flex flex-wrap gap-x-2">
          <time className="text-gray-500 tabular-nums" dateTime={h.time}>
            {new Date(h.time).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          <span className="text-ink">{t(`history.${h.action.replace('quote.', '')}`)}</span>
          <span className="text-gray-600">{staffNames && h.name ? h.name : t(`history.by.${h.by}`)}</span>
          {h.note ? <span className="text-gray-600">“{h.note}”</span> : null}
        </li>
      ))}
    </ol>
  );
}
