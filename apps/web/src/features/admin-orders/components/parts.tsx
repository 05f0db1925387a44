import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

// What the staff order screen's cards share.

export { staffInput as input, errorText } from '@/components/staff/fields';
const card = 'rounded border border-gray-200 bg-white p-3';

/** A card of the order screen: a region named by its title. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn(card, className)} aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

