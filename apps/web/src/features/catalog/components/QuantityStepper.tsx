import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { normalizeQuantity, stepQuantity } from '../lib/quantity';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Buttons move between multiples of it (cartons). */
  orderMultiple?: number | null | undefined;
  size?: 'sm' | 'md';
  id?: string;
  /** Accessible name of the input (default: "Quantity"). */
  label?: string;
  describedBy?: string;
}

/**
 * − [n] + with the rules of spec section 5: minimum 1, non-numeric or below 1 becomes 1. The
 * typed text is applied on blur or Enter; arrow keys step.
 */
export function QuantityStepper({ value, onChange, orderMultiple, size = 'md', id, label, describedBy }: QuantityStepperProps) {
  const { t } = useTranslation('catalog');
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    onChange(normalizeQuantity(draft));
    setDraft(null);
  };
  const step = (direction: 1 | -1) => {
    setDraft(null);
    onChange(stepQuantity(draft === null ? value : normalizeQuantity(draft), direction, orderMultiple));
  };
  const box = size === 'sm' ? 'h-8' : 'h-10';
  const button = cn('inline-flex w-8 shrink-0 items-center justify-center text-gray-600 hover:bg-gray-100 hover:text-ink disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent', size === 'md' && 'w-10');
  return (
    <div className={cn('inline-flex min-w-0 items-stretch overflow-hidden rounded-md border border-gray-300 bg-white focus-within:border-brand-500', box)}>
      <button type="button" className={button} onClick={() => step(-1)} disabled={value <= 1 && draft === null} aria-label={t('quantity.decrease')}>
        <Minus aria-hidden="true" className="size-3.5" />
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label ?? t('quantity.label')}
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
        className={cn('w-full min-w-0 border-x border-gray-200 text-center text-sm tabular-nums focus:outline-none', size === 'sm' ? 'max-w-12' : 'max-w-16')}
      />
      <button type="button" className={button} onClick={() => step(1)} aria-label={t('quantity.increase')}>
        <Plus aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
