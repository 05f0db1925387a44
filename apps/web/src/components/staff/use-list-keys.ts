import { useEffect, useState, type RefObject } from 'react';

/** True while the keyboard is in a field: list keys must not steal letters being typed. */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

export interface ListKeys<Row> {
  rows: readonly Row[];
  /** The list's search box: `/` focuses it. */
  searchBox: RefObject<HTMLInputElement | null>;
  /** The table body; rows carry data-row="<index>" so the active one scrolls into view. */
  table: RefObject<HTMLElement | null>;
  /** Enter on the active row. */
  onOpen: (row: Row) => void;
  /** Other single keys on the active row (x: select ...). */
  onKey?: (key: string, row: Row) => void;
  /** When it changes (a new search or page), the cursor goes back to the top. */
  resetOn: unknown;
}

/**
 * The staff lists' keyboard (queue, customers): `/` search (unless the staff frame's search box
 * took the key), `j`/`k` move the active row, Enter
 * opens it; keys typed into a field or with a modifier are left alone. Returns the active index
 * and its setter (a click makes a row active).
 */
export function useListKeys<Row>({ rows, searchBox, table, onOpen, onKey, resetOn }: ListKeys<Row>): [number, (index: number) => void] {
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [resetOn]);
  useEffect(() => {
    function listen(event: KeyboardEvent) {
      // Taken already: in the staff frame `/` belongs to the back office search box (features/admin-lookup).
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '/' && !typing(event.target)) {
        event.preventDefault();
        searchBox.current?.focus();
        return;
      }
      if (typing(event.target) || rows.length === 0) return;
      const row = rows[Math.min(active, rows.length - 1)];
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        setActive((i) => Math.max(0, Math.min(rows.length - 1, i + (event.key === 'j' ? 1 : -1))));
      } else if (event.key === 'Enter' && row !== undefined && !(event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement)) {
        onOpen(row);
      } else if (row !== undefined && event.key.length === 1) {
        onKey?.(event.key, row);
      }
    }
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  });
  useEffect(() => {
    table.current?.querySelector<HTMLElement>(`[data-row="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, table]);
  return [active, setActive];
}
