// Preloaded into the server child by bench/chat.mjs (node --expose-gc --import): answers "mem"
// over the IPC channel with the process's memory after a full garbage collection.
process.on('message', (message) => {
  if (message !== 'mem') return;
  globalThis.gc?.();
  globalThis.gc?.();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ rss, heapUsed, heapTotal, external, arrayBuffers });
});
