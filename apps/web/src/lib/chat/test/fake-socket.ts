import type { ChatSocketLike } from '../socket';

/** A test double of the browser WebSocket: records what is sent, lets the test play the server. */
export class FakeSocket implements ChatSocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: ChatSocketLike['onopen'] = null;
  onclose: ChatSocketLike['onclose'] = null;
  onerror: ChatSocketLike['onerror'] = null;
  onmessage: ChatSocketLike['onmessage'] = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // --- the server's side
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  error() {
    this.onerror?.({});
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  get query() {
    return new URL(this.url).searchParams;
  }
}

/** The newest socket made. */
export const lastSocket = (): FakeSocket => {
  const socket = FakeSocket.all.at(-1);
  if (!socket) throw new Error('no socket was made');
  return socket;
};
