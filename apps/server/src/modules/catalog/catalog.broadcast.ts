import type { ClusterEvents } from '../../lib/cluster-events.js';

/** Longest wait before other instances hear of a catalog write (changes within it travel as one event). */
export const CATALOG_BROADCAST_MS = 250;
/** Products of stock changes one event names at most; more travel as a whole-catalog change. */
const MAX_STOCK_IDS = 1_000;

/**
 * What a change touched: everything, or only the stock of these products; `pages: false` when
 * cached pages may keep showing the old state for their lifetime (an order moved the stock:
 * frequent, and a page cache emptied per order would hardly cache).
 */
export type CatalogChange = { stock: readonly number[]; pages?: false | undefined } | undefined;

export interface CatalogBroadcastOptions {
  events?: Pick<ClusterEvents, 'publish' | 'on'> | undefined;
  /** Empties this instance's catalog caches (and, through its listeners, the rendered pages). */
  invalidate: () => void;
  /** After a stock change of these products only (default: invalidate). */
  stockChanged?: ((ids: readonly number[], pages: boolean) => void) | undefined;
  windowMs?: number | undefined;
}

/**
 * Makes a catalog write reach every instance (DESIGN.md: a back-office change shows everywhere
 * within 2 s). `changed()` empties this instance's caches at once and announces 'catalog.changed'
 * to the others, coalesced: the first write of a quiet period is announced right away, later
 * ones at most once per window, so a 100k-row import or a burst of edits sends a handful of
 * events, never one per row. Without Redis the cluster events are in-process and this is only
 * the local invalidation.
 */
export function createCatalogBroadcast({ events, invalidate, stockChanged = () => invalidate(), windowMs = CATALOG_BROADCAST_MS }: CatalogBroadcastOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = 0;
  let publishing = false;
  /** What the next announcement carries: every change since the last one ('all' when any was whole). */
  let pending: Set<number> | 'all' = new Set();
  /** Whether any stock change since the last announcement empties the pages too. */
  let pendingPages = false;

  events?.on('catalog.changed', (payload) => {
    // our own publish is delivered here too: this instance already emptied its caches
    if (publishing) return;
    if (payload.stock) stockChanged(payload.stock, payload.pages !== false);
    else invalidate();
  });

  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    const stock = pending === 'all' ? undefined : [...pending];
    const pages = pendingPages;
    pending = new Set();
    pendingPages = false;
    publishing = true;
    try {
      events?.publish('catalog.changed', stock ? { at: lastSent, stock, ...(pages ? {} : { pages: false as const }) } : { at: lastSent });
    } finally {
      publishing = false;
    }
  };

  return {
    /** A catalog write: everything (no argument) or the stock of some products. */
    changed(change?: CatalogChange): void {
      if (change) stockChanged(change.stock, change.pages !== false);
      else invalidate();
      if (!events) return;
      if (!change || pending === 'all') pending = 'all';
      else {
        if (change.pages !== false) pendingPages = true;
        for (const id of change.stock) pending.add(id);
        if (pending.size > MAX_STOCK_IDS) pending = 'all';
      }
      if (timer) return;
      const wait = Math.max(0, lastSent + windowMs - Date.now());
      if (wait === 0) send();
      else {
        timer = setTimeout(send, wait);
        timer.unref?.();
      }
    },
    /** Sends a pending announcement now (closing). */
    flush(): void {
      if (!timer) return;
      clearTimeout(timer);
      send();
    },
  };
}
