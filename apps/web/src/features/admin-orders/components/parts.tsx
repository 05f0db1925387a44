import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

// What the staff order screen's cards share.

export const input = 'h-8 rounded border border-gray-300 bg-white px-2 text-sm';
const card = 'rounded border border-gray-200 bg-white p-3';

/** The server's sentence for a refused change (ApiError.desc), else the error's message. */
export const errorText = (err: unknown) => (err as { desc?: string; message?: string })?.desc ?? (err as Error)?.message ?? '';

/** A card of the order screen: a region named by its title. */
export function Section({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn(card, className)} aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold text-ink">{title}</h2>
      {children}
    </section>
  );
}

