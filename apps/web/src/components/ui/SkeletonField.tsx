import type { ReactNode } from 'react';
import { Skeleton } from './Skeleton';
import { cn } from './cn';

/** A form field's label with a placeholder box where its input will be. */
export function SkeletonField({ label, className, tall = false }: { label: string; className?: string; tall?: boolean }) {
  return (
    <div className={className}>
      <p className="mb-1 text-sm font-medium text-gray-700">{label}</p>
      <Skeleton className={cn('w-full', tall ? 'h-20' : 'h-10')} />
    </div>
  );
}

/** A titled white card, the building block of the account, cart and order screens. */
export function Card({ title, children, className, action }: { title?: string; children: ReactNode; className?: string; action?: ReactNode }) {
  return (
    <section className={cn('rounded-lg border border-gray-200 bg-white p-4 md:p-5', className)}>
      {title ? (
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="text-base font-semibold text-ink">{title}</h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}
