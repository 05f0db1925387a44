import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/components/ui/cn';

export interface SectionProps {
  /** Anchor id; the heading gets `${id}-title`. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  icon?: LucideIcon;
  className?: string;
  children?: ReactNode;
}

/** A titled block of a content page (h2 + optional intro), linkable through its id. */
export function Section({ id, title, intro, icon: Icon, className, children }: SectionProps) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className={cn('scroll-mt-24 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-100 sm:p-7', className)}>
      <h2 id={titleId} className="flex items-center gap-2 text-xl font-semibold text-ink sm:text-2xl">
        {Icon ? <Icon className="size-6 shrink-0 text-brand-600" aria-hidden="true" /> : null}
        {title}
      </h2>
      {intro ? <p className="mt-2 max-w-3xl leading-relaxed text-gray-600">{intro}</p> : null}
      {children ? <div className="mt-5">{children}</div> : null}
    </section>
  );
}
