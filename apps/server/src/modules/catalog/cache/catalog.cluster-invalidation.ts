import type { ClusterEvents } from '../../../lib/cluster-events.js';

/** Longest wait before other instances hear of a catalog write (changes within it travel as one event). */
export const CATALOG_BROADCAST_MS = 250;
/** Products one event names at most; more travel as a whole-catalog change. */
const MAX_IDS = 1_000;

/**
 * What a change touched: everything (undefined); some products themselves (`items`: names,
 * prices, pictures, on sale or not); or only the stock of some products, `pages: false` when
 * cached pages may keep showing the old state for their lifetime (an order moved the stock:
 * frequent, and a page cache emptied per order would hardly cache).
 */
export type CatalogChange = { items: readonly number[] } | { stock: readonly number[]; pages?: false | undefined } | undefined;

export interface CatalogBroadcastOptions {
  events?: Pick<ClusterEvents, 'publish' | 'on'> | undefined;
  /** Empties this instance's catalog caches (and, through its listeners, the rendered pages). */
  invalidate: () => void;
  /** After a write of these products only (default: invalidate). */
  itemsChanged?: ((ids: readonly number[]) => void) | undefined;
  /** After a stock change of these products only (default: invalidate). */
  stockChanged?: ((ids: readonly number[], pages: boolean) => void) | undefined;
  windowMs?: number | undefined;
}

/**
 * Makes a catalog write reach every instance (docs/architecture.md: a back-office change shows everywhere
 * within 2 s). `changed()` empties this instance's caches at once (all of them, or what the
 * change touched) and announces 'catalog.changed' to the others, coalesced: the first write of a
 * quiet period is announced right away, later ones at most once per window, so a 100k-row import
 * or a burst of edits sends a handful of events, never one per row. Without Redis the cluster
 * events are in-process and this is only the local invalidation.
 */
export function createCatalogBroadcast({
  events,
  invalidate,
  itemsChanged = () => invalidate(),
  stockChanged = () => invalidate(),
  windowMs = CATALOG_BROADCAST_MS,
}: CatalogBroadcastOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = 0;
  let publishing = false;
  /** What the next announcement carries: every change since the last one ('all' when any was whole). */
  let pending: { items: Set<number>; stock: Set<number>; pages: boolean } | 'all' = { items: new Set(), stock: new Set(), pages: false };

  const apply = (change: CatalogChange) => {
    if (!change) invalidate();
    else if ('items' in change) itemsChanged(change.items);
    else stockChanged(change.stock, change.pages !== false);
  };

  events?.on('catalog.changed', (payload) => {
    // our own publish is delivered here too: this instance already emptied its caches
    if (publishing) return;
    if (!payload.items && !payload.stock) return invalidate();
    if (payload.items) itemsChanged(payload.items);
    if (payload.stock) stockChanged(payload.stock, payload.pages !== false);
  });

  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    const what = pending;
    pending = { items: new Set(), stock: new Set(), pages: false };
    publishing = true;
    try {
      events?.publish(
        'catalog.changed',
        what === 'all'
          ? { at: lastSent }
          : {
              at: lastSent,
              ...(what.items.size ? { items: [...what.items] } : {}),
              ...(what.stock.size ? { stock: [...what.stock], ...(what.pages ? {} : { pages: false as const }) } : {}),
            },
      );
    } finally {
      publishing = false;
    }
  };

  return {
    /** A catalog write: everything (no argument), some products, or the stock of some products. */
    changed(change?: CatalogChange): void {
      apply(change);
      if (!events) return;
      if (!change) pending = 'all';
      else if (pending !== 'all') {
        if ('items' in change) for (const id of change.items) pending.items.add(id);
        else {
          if (change.pages !== false) pending.pages = true;
          for (const id of change.stock) pending.stock.add(id);
        }
        if (pending.items.size + pending.stock.size > MAX_IDS) pending = 'all';
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
