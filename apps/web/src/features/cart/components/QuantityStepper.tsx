import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { normalizeQuantity, stepQuantity } from '../lib/checkout';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  orderMultiple?: number | null | undefined;
  label: string;
  describedBy?: string | undefined;
  size?: 'sm' | 'md';
}

/**
 * − [n] + for a cart line (spec section 5): non-numeric or below 1 becomes 1, fractions are
 * floored. Typed text applies on blur or Enter; arrow keys step; buttons step by the order multiple.
 */
export function QuantityStepper({ value, onChange, orderMultiple, label, describedBy, size = 'sm' }: QuantityStepperProps) {
  const { t } = useTranslation('cart');
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    onChange(normalizeQuantity(draft));
    setDraft(null);
  };
  const step = (direction: 1 | -1) => {
    const base = draft === null ? value : normalizeQuantity(draft);
    setDraft(null);
    onChange(stepQuantity(base, direction, orderMultiple));
  };
  const button = cn(
    'inline-flex shrink-0 items-center justify-center text-gray-600 hover:bg-gray-100 hover:text-ink disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent',
    size === 'sm' ? 'w-8' : 'w-10',
  );
  return (
    <div className={cn('inline-flex items-stretch overflow-hidden rounded-md border border-gray-300 bg-white focus-within:border-brand-500', size === 'sm' ? 'h-8' : 'h-10')}>
      <button type="button" className={button} onClick={() => step(-1)} disabled={value <= 1 && draft === null} aria-label={t('quantity.decrease', { name: label })}>
        <Minus aria-hidden="true" className="size-3.5" />
      </button>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={t('quantity.label', { name: label })}
        aria-describedby={describedBy}
        value={draft ?? String(value)}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            step(e.key === 'ArrowUp' ? 1 : -1);
          }
        }}
        className="w-12 min-w-0 border-x border-gray-200 text-center text-sm tabular-nums focus:outline-none"
      />
      <button type="button" className={button} onClick={() => step(1)} aria-label={t('quantity.increase', { name: label })}>
        <Plus aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
