import type { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ErrorLevel, SitemapIndexStream, SitemapStream, type IndexItem, type SitemapItemLoose } from 'sitemap';

/**
 * Sitemap XML through the `sitemap` package (escaping, namespaces, the protocol's shapes). Its
 * streams are fed one item at a time, each write awaited: an item the package refuses (a bad
 * URL or date) rejects here instead of throwing later in a stream callback, where it would be
 * an uncaught exception. Every YIELD_EVERY items the event loop gets a turn, so building a chunk
 * of 10,000 URLs (about 0.2 s) never holds other requests up for long.
 */
const YIELD_EVERY = 500;

export type SitemapEntry = SitemapItemLoose;
export type SitemapIndexEntry = IndexItem;

async function collect(stream: Transform, items: Iterable<object>): Promise<string> {
  const parts: string[] = [];
  stream.on('data', (chunk: string | Buffer) => parts.push(String(chunk)));
  const done = finished(stream);
  // Awaited below; this only keeps an early failure from being reported as unhandled meanwhile.
  done.catch(() => undefined);
  try {
    let n = 0;
    for (const item of items) {
      await new Promise<void>((resolve, reject) => stream.write(item, (err) => (err ? reject(err) : resolve())));
      if (++n % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    stream.end();
    await done;
  } catch (err) {
    stream.destroy();
    throw err;
  }
  return parts.join('');
}

/** A <urlset> with the xhtml namespace (hreflang alternates). At least one entry: an empty urlset is not valid. */
export function urlsetXml(entries: Iterable<SitemapEntry>): Promise<string> {
  return collect(new SitemapStream({ level: ErrorLevel.THROW, xmlns: { xhtml: true, news: false, image: false, video: false } }), entries);
}

/** A <sitemapindex>. */
export function sitemapIndexXml(entries: Iterable<SitemapIndexEntry>): Promise<string> {
  return collect(new SitemapIndexStream({ level: ErrorLevel.THROW }), entries);
}
