/** Shown on the very first load while the guard runs (e.g. fetching the anonymous token). */
export function RootHydrateFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true">
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
    </div>
  );
}
