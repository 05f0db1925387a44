import type { ClusterEvents } from '../../lib/cluster-events.js';

/** Longest wait before other instances hear of a catalog write (changes within it travel as one event). */
export const CATALOG_BROADCAST_MS = 250;

export interface CatalogBroadcastOptions {
  events?: Pick<ClusterEvents, 'publish' | 'on'> | undefined;
  /** Empties this instance's catalog caches (and, through its listeners, the rendered pages). */
  invalidate: () => void;
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
export function createCatalogBroadcast({ events, invalidate, windowMs = CATALOG_BROADCAST_MS }: CatalogBroadcastOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = 0;
  let publishing = false;

  events?.on('catalog.changed', () => {
    // our own publish is delivered here too: this instance already emptied its caches
    if (!publishing) invalidate();
  });

  const send = () => {
    timer = undefined;
    lastSent = Date.now();
    publishing = true;
    try {
      events?.publish('catalog.changed', { at: lastSent });
    } finally {
      publishing = false;
    }
  };

  return {
    changed(): void {
      invalidate();
      if (!events || timer) return;
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
