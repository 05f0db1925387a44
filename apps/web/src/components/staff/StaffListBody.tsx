import type { ReactNode } from 'react';
import { QueryError } from '@/components/ui/QueryError';
import { Spinner } from '@/components/ui/Spinner';

interface ListQuery {
  isError: boolean;
  error: unknown;
  data: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * A staff list's body: the error with a retry when nothing could be loaded, a spinner until the
 * first answer, the empty sentence, else the list itself (kept on screen while a new page loads).
 */
export function StaffListBody({
  query,
  loadFailed,
  empty,
  isEmpty,
  children,
}: {
  query: ListQuery;
  loadFailed: string;
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isError && !query.data) return <QueryError error={query.error} onRetry={() => void query.refetch()} message={loadFailed} />;
  if (!query.data) {
    return (
      <div className="flex justify-center py-10">
        <Spinner className="size-6" label="…" />
      </div>
    );
  }
  if (isEmpty) return <p className="rounded border border-dashed border-gray-300 bg-white px-4 py-8 text-center text-gray-600">{empty}</p>;
  return <>{children}</>;
}
