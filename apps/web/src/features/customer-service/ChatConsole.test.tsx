import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TChatGroup, TChatMessageFrame } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { useAuthStore } from '@/lib/stores/auth';
import { ChatConsole } from './ChatConsole';

const admin = {
  id: 2,
  account: 'ann',
  username: 'ann',
  name: 'Ann',
  nickname: 'Ann',
  admin: true,
  role: 'service' as const,
  mobile: null,
  email: null,
  regionId: null,
  subscribeEmail: null,
};
const GID = '11111111-2222-4333-8444-555555555555';
const BUYER = { uid: 7, uname: 'Mei' };

const group: TChatGroup = {
  gid: GID,
  ...BUYER,
  language: 'en',
  status: 'serving',
  createdAt: Date.now() - 60_000,
  acceptedAt: Date.now() - 50_000,
  endedAt: null,
  endReason: null,
  waitingMs: 10_000,
  lastSeq: 5,
  agents: [{ uid: admin.id, uname: 'Ann' }],
};

function fromBuyer(seq: number): TChatMessageFrame {
  return {
    gid: GID,
    id: `b-${seq}`,
    seq,
    kind: 'text',
    content: `question ${seq}`,
    image: null,
    ...BUYER,
    timestamp: Date.now(),
    source: `question ${seq}`,
    translate: `question ${seq}`,
    language: 'en',
    translation: 'off',
  };
}

/** The browser WebSocket, played by the test (the server's side). */
class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    act(() => {
      this.readyState = 1;
      this.onopen?.({});
    });
  }
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const fetchDouble = vi.fn(async (url: string) => json(String(url).includes('/api/groups/serving') ? [group] : []));

function renderConsole() {
  const router = createMemoryRouter([{ path: '/admin/customer-service', element: <ChatConsole /> }], { initialEntries: ['/admin/customer-service'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** The server's side of a (re)load: session, then the conversation with the agent's read cursor before its history. */
async function serverLoads(cursor: number, history: number[]) {
  await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
  const socket = FakeWebSocket.all[0]!;
  socket.open();
  socket.push({
    type: 'session',
    uid: admin.id,
    uname: 'Ann',
    admin: true,
    language: 'en',
    translation: 'off',
    serverTime: Date.now(),
    limits: { textMaxLength: 2000, imageMaxBytes: 1048576, warningMs: 270000, countdownS: 30, endMs: 300000 },
  });
  socket.push({ type: 'group', group });
  socket.push({ type: 'read', gid: GID, seq: cursor });
  socket.push(history.map(fromBuyer));
  socket.push({ type: 'synced', gid: GID, lastSeq: history.at(-1) ?? 0 });
  return socket;
}

const notices = () => screen.queryAllByRole('status').filter((el) => /new message/i.test(el.textContent ?? ''));
const servingList = () => screen.getByRole('region', { name: 'Serving' });

describe('ChatConsole unread state across reloads', () => {
  beforeAll(async () => {
    await i18n.loadNamespaces(['staff', 'chat']);
  });
  beforeEach(() => {
    FakeWebSocket.all = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('fetch', fetchDouble);
    localStorage.setItem('token', 'a-long-enough-token');
    useAuthStore.setState({ token: 'a-long-enough-token', user: admin, isAnonymous: false });
    document.title = 'Console';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a reload shows no notice and no badge for messages read before; the next new message notifies', async () => {
    renderConsole();
    const socket = await serverLoads(5, [1, 2, 3, 4, 5]);
    await within(servingList()).findByText('Mei');

    // Everything up to the cursor was read: quiet.
    expect(notices()).toEqual([]);
    expect(within(servingList()).queryByLabelText(/unread/)).toBeNull();
    expect(document.title).toBe('Console');

    // New after the reload: counted and notified, one notice per conversation that counts up.
    socket.push(fromBuyer(6));
    expect(await within(servingList()).findByLabelText('1 unread')).toHaveTextContent('1');
    expect(notices().map((n) => n.textContent)).toEqual(['New message from Mei']);
    expect(document.title).toBe('(1) Console');
    socket.push(fromBuyer(7));
    expect(await within(servingList()).findByLabelText('2 unread')).toBeInTheDocument();
    expect(notices().map((n) => n.textContent)).toEqual(['2 new messages from Mei']);

    // Opening the conversation reads it: the badge goes, and one read report follows shortly.
    await userEvent.click(within(servingList()).getByRole('button', { name: /Mei/ }));
    await waitFor(() => expect(within(servingList()).queryByLabelText(/unread/)).toBeNull());
    await waitFor(() => expect(socket.sent.filter((f) => f.type === 'read')).toEqual([{ type: 'read', gid: GID, seq: 7 }]), { timeout: 3_000 });
  });

  it('with the cursor below the newest messages, only those above it are unread', async () => {
    renderConsole();
    await serverLoads(3, [1, 2, 3, 4, 5]);
    expect(await within(servingList()).findByLabelText('2 unread')).toHaveTextContent('2');
    expect(notices().map((n) => n.textContent)).toEqual(['2 new messages from Mei']);
  });

  it("shows a buyer's message at once and its translation when it arrives later, on the same message", async () => {
    renderConsole();
    const socket = await serverLoads(5, [1, 2, 3, 4, 5]);
    await userEvent.click(await within(servingList()).findByRole('button', { name: /Mei/ }));
    socket.push({ ...fromBuyer(6), content: '有货吗？', source: '有货吗？', translate: '有货吗？', language: 'zh', translation: 'on', translatePending: true });
    const log = await screen.findByRole('log');
    expect(await within(log).findByText('有货吗？')).toBeInTheDocument();
    expect(within(log).getByText('Translating…')).toBeInTheDocument();

    socket.push({ type: 'translated', gid: GID, id: 'b-6', seq: 6, language: 'en', translate: 'In stock?' });
    expect(await within(log).findByText('In stock?')).toBeInTheDocument();
    expect(within(log).queryByText('Translating…')).toBeNull();
    await userEvent.click(within(log).getByRole('button', { name: 'Show original' }));
    expect(within(log).getByText('有货吗？')).toBeInTheDocument();
    // Still one message, not a second copy.
    expect(within(log).getAllByText('有货吗？')).toHaveLength(1);
  });

  it('a translation that failed after the message went out says so, as before', async () => {
    renderConsole();
    const socket = await serverLoads(5, [1, 2, 3, 4, 5]);
    await userEvent.click(await within(servingList()).findByRole('button', { name: /Mei/ }));
    socket.push({ ...fromBuyer(6), content: '有货吗？', source: '有货吗？', translate: '有货吗？', language: 'zh', translation: 'on', translatePending: true });
    const log = await screen.findByRole('log');
    await within(log).findByText('Translating…');
    socket.push({ type: 'translated', gid: GID, id: 'b-6', seq: 6, language: 'en', translate: '有货吗？', translateError: true });
    await waitFor(() => expect(within(log).queryByText('Translating…')).toBeNull());
    await userEvent.click(within(log).getByRole('button', { name: 'Translate' }));
    expect(within(log).getByText('The translation service failed; this is the original text.')).toBeInTheDocument();
  });
});

describe('ChatConsole: the served buyer', () => {
  const serving = fetchDouble.getMockImplementation()!;
  beforeAll(async () => {
    await i18n.loadNamespaces(['staff', 'chat', 'orders']);
  });
  beforeEach(() => {
    FakeWebSocket.all = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    vi.stubGlobal('fetch', fetchDouble);
    localStorage.setItem('token', 'a-long-enough-token');
    useAuthStore.setState({ token: 'a-long-enough-token', user: admin, isAnonymous: false });
  });
  afterEach(() => {
    fetchDouble.mockImplementation(serving);
    vi.unstubAllGlobals();
  });

  it('shows customer service the orders of the buyer it serves, with their status (GET /api/groups/{gid}/buyer)', async () => {
    const buyer = {
      uid: 7,
      name: 'Mei',
      orders: [
        { id: 10000001, createdTime: '2026-11-20T10:00:00.000Z', status: 'outbound', paymentStatus: 'paid', currency: 'USD', totalAmount: 30, paid: 30 },
      ],
    };
    fetchDouble.mockImplementation(async (url: string) => (String(url).includes(`/api/groups/${GID}/buyer`) ? json(buyer) : serving(url)));
    renderConsole();
    await serverLoads(1, [1]);
    await userEvent.click(await within(servingList()).findByText('Mei'));
    const orders = await screen.findByTestId('buyer-orders');
    expect(orders).toHaveTextContent('#10000001');
    expect(orders).toHaveTextContent('Outbound');
    expect(orders).toHaveTextContent('Paid');
    expect(fetchDouble.mock.calls.map(([u]) => String(u))).toContainEqual(expect.stringContaining(`/api/groups/${GID}/buyer`));
  });
});
