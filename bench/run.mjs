// npm run bench: starts the built server on a fresh data folder and measures routes with
// autocannon. Prints a table. Catalog (bench/catalog.mjs) and order (bench/orders.mjs) scenarios follow.
import os from 'node:os';
import { benchCatalog, printCatalog } from './catalog.mjs';
import { benchOrders, printOrders } from './orders.mjs';
import { benchQueue, printQueue } from './admin-orders.mjs';
import { benchDocuments, printDocuments } from './documents.mjs';
import { benchCatalogImport, printCatalogImport } from './catalog-import.mjs';
import { connections, duration, measure, startServer } from './lib.mjs';

export { measure, startServer };

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer({ DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '' });
  const rows = [];
  try {
    rows.push(await measure('GET /api/health (ceiling)', `${server.url}/api/health`));
    rows.push(await measure('GET / (web shell)', `${server.url}/`));
  } finally {
    await server.stop();
  }
  console.log(`\n${connections} connections, ${duration} s each, Node ${process.versions.node}, ${os.cpus().length} cores`);
  console.table(rows);

  // Catalog: embedded PGlite always, PostgreSQL when BENCH_DATABASE_URL names a database.
  const catalog = [await benchCatalog({ label: 'embedded PGlite', startServer, measure })];
  if (process.env.BENCH_DATABASE_URL) {
    catalog.push(await benchCatalog({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer, measure }));
  }
  catalog.forEach(printCatalog);

  // Orders: 20 buyers checking out at once, on PostgreSQL when BENCH_DATABASE_URL is set (a fresh
  // database), then on embedded PGlite; each row ends with its doubled-or-lost count check.
  const orders = [];
  if (process.env.BENCH_DATABASE_URL) orders.push(await benchOrders({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL, startServer }));
  orders.push(await benchOrders({ label: 'embedded PGlite', startServer }));
  printOrders(orders);
  if (orders.some((r) => !r.ok)) process.exitCode = 1;

  // Order documents: a 200-line order's PDFs, rendered in this process (target under 1 s each).
  const documents = await benchDocuments();
  printDocuments(documents);
  if (!documents.ok) process.exitCode = 1;

  // The staff order queue at 100,000 orders (BENCH_QUEUE_ORDERS), on PostgreSQL only: seeding that
  // many orders into PGlite takes minutes and the queue's target is stated for PostgreSQL.
  if (process.env.BENCH_DATABASE_URL) printQueue(await benchQueue({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL }));

  // Catalog spreadsheets: export, import (dry run and apply) of 100,000 rows, then list and search
  // p99 right after the bulk change; PostgreSQL only, where the 60 s import target is stated.
  if (process.env.BENCH_DATABASE_URL) printCatalogImport(await benchCatalogImport({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL }));
}
