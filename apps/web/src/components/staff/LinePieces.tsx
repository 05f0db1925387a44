import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/Button';
import { cn } from '@/components/ui/cn';
import { staffInput } from './fields';

/** One order line pieces can be chosen from: at most `max` (0: none left, the input is disabled). */
export interface PieceLine {
  id: number;
  name: string;
  typeName: string | null;
  /** Beside the name: the price charged, for instance. */
  note?: string;
  max: number;
}

/** The typed pieces of a line as a whole number (blank or junk: 0). */
export const piecesOf = (values: Record<number, string>, id: number) => Math.max(0, Math.floor(Number(values[id] ?? 0)) || 0);

/**
 * Pieces per order line (a credit note's returned pieces, an approved return): a digits-only input
 * per line with what may be chosen at most, and an "all" button that fills it in.
 */
export function LinePieces({
  legend,
  lines,
  values,
  onChange,
}: {
  legend: string;
  lines: readonly PieceLine[];
  values: Record<number, string>;
  onChange: (values: Record<number, string>) => void;
}) {
  const { t } = useTranslation('staff');
  return (
    <fieldset>
      <legend className="text-xs text-gray-600">{legend}</legend>
      <ul className="mt-1 divide-y divide-gray-100">
        {lines.map((l) => (
          <li key={l.id} className="flex items-center justify-between gap-2 py-1">
            <span className="min-w-0">
              <span className="block truncate">
                {l.name}
                {l.typeName ? <span className="text-gray-500"> · {l.typeName}</span> : null}
              </span>
              {l.note ? <span className="text-xs text-gray-500">{l.note}</span> : null}
            </span>
            <span className="flex shrink-0 items-center gap-1">
              <input
                aria-label={`${legend}: ${l.name}`}
                inputMode="numeric"
                value={values[l.id] ?? ''}
                disabled={l.max <= 0}
                onChange={(e) => onChange({ ...values, [l.id]: e.target.value.replace(/\D/g, '') })}
                className={cn(staffInput, 'w-16 text-right tabular-nums')}
              />
              <Button type="button" size="sm" variant="ghost" disabled={l.max <= 0} onClick={() => onChange({ ...values, [l.id]: String(l.max) })}>
                {t('requests.all', { n: l.max })}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
