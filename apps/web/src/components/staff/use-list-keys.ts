import { useEffect, useState, type RefObject } from 'react';

/** True while the keyboard is in a field: list keys must not steal letters being typed. */
export const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

export interface ListKeys<Row> {
  rows: readonly Row[];
  /** The list's search box: `/` focuses it. */
  searchBox: RefObject<HTMLInputElement | null>;
  /** The table (or its body); rows carry data-row="<index>" so the active one scrolls into view. Its header (`thead`) is not the list. */
  table: RefObject<HTMLElement | null>;
  /** Enter on the active row. */
  onOpen: (row: Row) => void;
  /** Other single keys on the active row (x: select ...). */
  onKey?: (key: string, row: Row) => void;
  /** When it changes (a new search or page), the cursor goes back to the top. */
  resetOn: unknown;
}

/** True when the target is in the list's rows: inside the table, not in its header (a sort button keeps its focus). */
const inRows = (table: HTMLElement | null, target: EventTarget | null) =>
  target instanceof Element && table?.contains(target) === true && !target.closest('thead');

/**
 * The staff lists' keyboard (StaffTable): `/` search (unless the staff frame's search box took the
 * key), `j`/`k` move the active row anywhere on the page, the arrow keys (and Home, End) while the
 * focus is in the list, Enter opens the active row; keys typed into a field or with a modifier are
 * left alone. While the focus is in the list it follows the active row (rows are focusable: the
 * active one is the list's tab stop). Returns the active index and its setter (a click makes a row
 * active).
 */
export function useListKeys<Row>({ rows, searchBox, table, onOpen, onKey, resetOn }: ListKeys<Row>): [number, (index: number) => void] {
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [resetOn]);
  useEffect(() => {
    function listen(event: KeyboardEvent) {
      // Taken already: in the staff frame `/` belongs to the back office search box (features/staff-lookup).
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      // A list without a search box leaves `/` to the others.
      if (event.key === '/' && searchBox.current && !typing(event.target)) {
        event.preventDefault();
        searchBox.current?.focus();
        return;
      }
      if (typing(event.target) || rows.length === 0) return;
      const row = rows[Math.min(active, rows.length - 1)];
      const inList = inRows(table.current, event.target);
      const steps: Record<string, number> = inList ? { j: 1, k: -1, ArrowDown: 1, ArrowUp: -1 } : { j: 1, k: -1 };
      const jumps: Record<string, number> = inList ? { Home: 0, End: rows.length - 1 } : {};
      const step = steps[event.key];
      const jump = jumps[event.key];
      if (step !== undefined) {
        event.preventDefault();
        setActive((i) => Math.max(0, Math.min(rows.length - 1, i + step)));
      } else if (jump !== undefined) {
        event.preventDefault();
        setActive(jump);
      } else if (event.key === 'Enter' && row !== undefined && !(event.target instanceof HTMLAnchorElement || event.target instanceof HTMLButtonElement)) {
        // Taken: the key must not go on to what the row opens (a dialog's first button would take it as a click).
        event.preventDefault();
        onOpen(row);
      } else if (row !== undefined && event.key.length === 1) {
        onKey?.(event.key, row);
      }
    }
    window.addEventListener('keydown', listen);
    return () => window.removeEventListener('keydown', listen);
  });
  useEffect(() => {
    const row = table.current?.querySelector<HTMLElement>(`[data-row="${active}"]`);
    row?.scrollIntoView?.({ block: 'nearest' });
    // The focus was in the list (on a row, or a link in one): it moves with the active row.
    if (row && inRows(table.current, document.activeElement) && !row.contains(document.activeElement)) row.focus({ preventScroll: true });
  }, [active, table]);
  return [active, setActive];
}
