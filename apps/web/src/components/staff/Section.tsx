import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** The card every staff screen groups its content in (a Section, a StaffForm with a title). */
export const sectionCard = 'min-w-0 rounded border border-gray-200 bg-white p-3';

/** A card's heading with its optional one-line description and buttons at the end. */
export function SectionHeading({
  id,
  title,
  description,
  actions,
  level = 2,
}: {
  id?: string | undefined;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="mb-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <Heading id={id} className="text-sm font-semibold text-ink">
          {title}
        </Heading>
        {actions}
      </div>
      {description ? <p className="mt-0.5 text-xs text-gray-600">{description}</p> : null}
    </div>
  );
}

/**
 * A card of a staff screen (the order page's payments, a buyer's contact, a product's prices): a
 * region named by its title.
 */
export function Section({
  title,
  description,
  actions,
  children,
  className,
  testId,
  level,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
  testId?: string;
  level?: 2 | 3;
}) {
  return (
    <section className={cn(sectionCard, className)} aria-label={title} data-testid={testId}>
      <SectionHeading title={title} description={description} actions={actions} level={level} />
      {children}
    </section>
  );
}
