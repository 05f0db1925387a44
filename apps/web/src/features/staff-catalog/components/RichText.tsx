import { lazy, Suspense } from 'react';

const Editor = lazy(() => import('./RichTextEditor'));

/** The description editor, loaded on first use (TipTap stays out of every other bundle). */
export function RichText(props: { value: string; onChange: (html: string) => void; label: string; id: string }) {
  return (
    <Suspense fallback={<div className="min-h-[9rem] animate-pulse rounded border border-gray-200 bg-gray-50" aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  );
}
