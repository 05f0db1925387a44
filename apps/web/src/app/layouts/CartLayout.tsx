import type { ReactNode } from 'react';

/** The cart's own layout: no sidebar, a wide content area (table plus the checkout column). */
export function CartLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="mx-auto w-full max-w-[1600px] flex-1 px-3 py-4 sm:px-4 md:py-6 xl:px-8">
      {children}
    </main>
  );
}
