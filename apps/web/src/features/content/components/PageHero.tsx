import type { ReactNode } from 'react';

export interface PageHeroProps {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead: ReactNode;
  children?: ReactNode;
}

/** The page's single h1 with a short lead, on a brand-tinted band. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  return (
    <header className="relative overflow-hidden rounded-xl bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 px-5 py-8 text-white shadow-sm sm:px-10 sm:py-12">
      <div aria-hidden="true" className="pointer-events-none absolute -top-6 -right-6 grid grid-cols-3 gap-1.5 opacity-20 sm:top-6 sm:right-8 sm:opacity-30">
        {Array.from({ length: 9 }, (_, i) => (
          <span key={i} className="size-7 rounded-md bg-white sm:size-10" />
        ))}
      </div>
      {eyebrow ? <p className="relative text-sm font-medium tracking-wide text-brand-100 uppercase">{eyebrow}</p> : null}
      <h1 className="relative mt-1 text-2xl font-bold sm:text-4xl">{title}</h1>
      <p className="relative mt-3 max-w-2xl leading-relaxed text-brand-50 sm:text-lg">{lead}</p>
      {children ? <div className="relative mt-6">{children}</div> : null}
    </header>
  );
}
