import net from 'node:net';

/**
 * A TCP proxy in front of a server (the test's PostgreSQL), so a test can take the database away
 * from the app and give it back without touching the shared server: `stop()` refuses new
 * connections and cuts the open ones (as a stopped or unreachable server would), `start()` listens
 * again on the same port.
 */
export interface TcpProxy {
  port: number;
  /** Connections cut and refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Cuts the open connections but keeps accepting new ones (a server that terminated its backends). */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const onConnection = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server = net.createServer(onConnection);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port));
    });
  const port = await listen(0);
  const cut = () => {
    for (const s of sockets) s.destroy();
    sockets.clear();
  };
  const stopListening = () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
  return {
    port,
    async stop() {
      const closed = stopListening();
      cut();
      await closed;
    },
    async start() {
      server = net.createServer(onConnection);
      await listen(port);
    },
    cut,
    async close() {
      const closed = stopListening();
      cut();
      await closed;
    },
  };
}
