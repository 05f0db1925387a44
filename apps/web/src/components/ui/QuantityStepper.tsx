import { useState } from 'react';
import { Minus, Plus } from 'lucide-react';
import { useFixedT } from '@/lib/fixed-t';
import { minValidQuantity, normalizeQuantity, snapQuantity, stepQuantity } from '@cubeshop/shared';
import { toast } from '@/lib/stores/toast';
import { cn } from './cn';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** Buttons move between multiples of it (cartons). */
  orderMultiple?: number | null | undefined;
  /** The least one may order; the stepper never goes below it (raised to the order multiple). */
  moq?: number | null | undefined;
  size?: 'sm' | 'md';
  id?: string | undefined;
  describedBy?: string | undefined;
  /** Accessible names, already translated by the caller: the input and the two buttons. */
  labels: { input: string; decrease: string; increase: string };
}

/**
 * − [n] + with the quantity rules of docs/requirements.md, Validation and the product's MOQ and order multiple
 * (packages/shared, the server's rule): it never goes below the MOQ, buttons and arrow keys step
 * by the order multiple, and typed text (applied on blur or Enter) snaps to the nearest allowed
 * quantity with a notice saying why. Used by product cards, the detail and cart lines.
 */
export function QuantityStepper({ value, onChange, orderMultiple, moq, size = 'md', id, describedBy, labels }: QuantityStepperProps) {
  const t = useFixedT('common');
  const [draft, setDraft] = useState<string | null>(null);
  const rules = { moq, orderMultiple };
  const least = minValidQuantity(rules);
  const commit = () => {
    if (draft === null) return;
    const typed = normalizeQuantity(draft);
    const snapped = snapQuantity(draft, rules);
    setDraft(null);
    onChange(snapped);
    if (snapped !== typed && (least > 1 || (orderMultiple ?? 1) > 1)) toast.info(t('quantity.snapped', { count: snapped, rule: quantityRule(t, rules) }));
  };
  const step = (direction: 1 | -1) => {
    const base = draft === null ? value : normalizeQuantity(draft);
    setDraft(null);
    onChange(stepQuantity(base, direction, rules));
  };
  const button = cn(
    'inline-flex shrink-0 items-center justify-center text-gray-600 hover:bg-gray-100 hover:text-ink disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent',
    size === 'sm' ? 'w-8' : 'w-10',
  );
  return (
    <div
      className={cn(
        'inline-flex min-w-0 items-stretch overflow-hidden rounded-md border border-gray-300 bg-white focus-within:border-brand-500',
        size === 'sm' ? 'h-8' : 'h-10',
      )}
    >
      <button type="button" className={button} onClick={() => step(-1)} disabled={value <= least && draft === null} aria-label={labels.decrease}>
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

/** "from 6, in steps of 3" / "6 件起，按 3 的倍数": why a quantity was changed. */
export function quantityRule(
  t: (key: string, options?: Record<string, unknown>) => string,
  rules: { moq?: number | null | undefined; orderMultiple?: number | null | undefined },
): string {
  const least = minValidQuantity(rules);
  const step = rules.orderMultiple && rules.orderMultiple > 1 ? rules.orderMultiple : 1;
  if (step > 1 && least > 1 && least !== step) return t('quantity.ruleFromSteps', { min: least, step });
  if (step > 1) return t('quantity.ruleSteps', { step });
  return t('quantity.ruleFrom', { min: least });
}
