import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { normalizeQuantity, stepQuantity } from '@cubeshop/shared';
import { cn } from './cn';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Buttons move between multiples of it (cartons). */
  orderMultiple?: number | null | undefined;
  size?: 'sm' | 'md';
  id?: string | undefined;
  describedBy?: string | undefined;
  /** Accessible names, already translated by the caller: the input and the two buttons. */
  labels: { input: string; decrease: string; increase: string };
}

/**
 * − [n] + with the quantity rules of spec section 5 (shared with the server's checks): minimum 1,
 * non-numeric or below 1 becomes 1, fractions floored. Typed text applies on blur or Enter;
 * arrow keys step; buttons step by the order multiple. Used by product cards, the detail and cart lines.
 */
export function QuantityStepper({ value, onChange, orderMultiple, size = 'md', id, describedBy, labels }: QuantityStepperProps) {
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
    <div className={cn('inline-flex min-w-0 items-stretch overflow-hidden rounded-md border border-gray-300 bg-white focus-within:border-brand-500', size === 'sm' ? 'h-8' : 'h-10')}>
      <button type="button" className={button} onClick={() => step(-1)} disabled={value <= 1 && draft === null} aria-label={labels.decrease}>
        <Minus aria-hidden="true" className="size-3.5" />
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={labels.input}
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
      <button type="button" className={button} onClick={() => step(1)} aria-label={labels.increase}>
        <Plus aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
