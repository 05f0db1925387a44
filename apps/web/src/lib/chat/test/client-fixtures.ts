import type { TChatMessageFrame } from '@cubeshop/shared';
import { ChatClient } from '../client';
import { FakeSocket } from './fake-socket';

/** The server's side of the client tests: one buyer, one agent, one conversation. */

export const GID = '11111111-2222-4333-8444-555555555555';
export const BUYER = { uid: 7, uname: 'Buyer' };
export const AGENT = { uid: 2, uname: 'Agent' };

export function msg(seq: number, over: Partial<TChatMessageFrame> = {}): TChatMessageFrame {
  return {
    gid: GID,
    id: `m-${seq}`,
    seq,
    kind: 'text',
    content: `text ${seq}`,
    image: null,
    uid: AGENT.uid,
    uname: AGENT.uname,
    timestamp: 1000 + seq,
    source: `text ${seq}`,
    translate: `text ${seq}`,
    language: 'en',
    translation: 'off',
    ...over,
  };
}

export const session = {
  type: 'session',
  ...BUYER,
  admin: false,
  language: 'zh',
  translation: 'off',
  serverTime: 0,
  limits: { textMaxLength: 2000, imageMaxBytes: 1048576, warningMs: 270000, countdownS: 30, endMs: 300000 },
};

let ids = 0;
export function makeClient(token: string | null = 'a-token-of-enough-length', role: 'buyer' | 'admin' = 'buyer') {
  return new ChatClient({
    role,
    language: 'zh',
    getToken: () => token,
    url: 'ws://shop.test/ws',
    createSocket: (url) => new FakeSocket(url),
    randomId: () => `c-${++ids}`,
  });
}

/** Connects, opens, and plays the buyer's set-up: session, greeting carrying the gid, synced. */
export function connected(client = makeClient()) {
  client.connect();
  const socket = FakeSocket.all.at(-1)!;
  socket.open();
  socket.push(session);
  socket.push([msg(1, { kind: 'system', uid: 0, uname: 'Cubeshop', content: '您好' })]);
  socket.push({ type: 'synced', gid: GID, lastSeq: 1 });
  return { client, socket };
}

export const last = () => FakeSocket.all.at(-1)!;
