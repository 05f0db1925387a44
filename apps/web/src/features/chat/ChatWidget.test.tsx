import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { useAuthStore } from '@/lib/stores/auth';
import { ChatWidget } from './ChatWidget';

const user = {
  id: 7,
  account: 'u1',
  username: 'u1',
  name: 'U',
  nickname: 'U',
  admin: false,
  role: null,
  mobile: null,
  email: null,
  regionId: null,
  subscribeEmail: null,
};
const GID = '11111111-2222-4333-8444-555555555555';

/** The browser WebSocket, played by the test. */
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
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

function renderWidget(at = '/') {
  const router = createMemoryRouter(
    [
      { path: '/', element: <ChatWidget /> },
      { path: '/admin/customer-service', element: <p>console</p> },
    ],
    { initialEntries: [at] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const greeting = {
  gid: GID,
  id: 'g1',
  seq: 1,
  kind: 'system',
  content: 'Hello! An agent will be with you shortly.',
  image: null,
  uid: 0,
  uname: 'Cubeshop',
  timestamp: Date.now(),
  source: 'Hello! An agent will be with you shortly.',
  translate: 'Hello! An agent will be with you shortly.',
  language: 'en',
  translation: 'off',
};

describe('ChatWidget', () => {
  beforeEach(() => {
    FakeWebSocket.all = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    localStorage.setItem('token', 'a-long-enough-token');
    useAuthStore.setState({ token: 'a-long-enough-token', user, isAnonymous: false });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a 400 x 500 window that waits for the conversation, then chats; minimize keeps it, close ends it', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service' }));
    await screen.findByText('Connecting…');
    const window = screen.getByRole('region', { name: 'Customer service' });
    expect(window.style.width).toBe('400px');
    expect(window.style.height).toBe('500px');
    expect(window).toHaveTextContent('Connecting you to customer service');
    expect(screen.getByRole('textbox', { name: 'Waiting for connection...' })).toBeDisabled();

    const socket = FakeWebSocket.all[0]!;
    expect(new URL(socket.url).searchParams.get('token')).toBe('a-long-enough-token');
    expect(new URL(socket.url).searchParams.get('language')).toBe('en');
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    socket.push({ type: 'session', uid: 7, uname: 'U', admin: false, language: 'en', translation: 'off', serverTime: 0, limits: {} });
    socket.push([greeting]);
    socket.push({ type: 'synced', gid: GID, lastSeq: 1 });
    expect(within(window).getByText('Connected')).toBeInTheDocument();
    expect(window).toHaveTextContent('Hello! An agent will be with you shortly.');

    const input = screen.getByRole('textbox', { name: 'Type a message…' });
    expect(input).toBeEnabled();
    await userEvent.type(input, '  <b>hi</b> https://example.com  {Enter}');
    const sent = socket.sent.at(-1)!;
    expect(sent).toMatchObject({ gid: GID, content: '<b>hi</b> https://example.com' });
    expect(typeof sent.id).toBe('string');
    // Plain text, never HTML; the link is safe.
    expect(within(window).queryByText('hi', { selector: 'b' })).toBeNull();
    const link = within(window).getByRole('link', { name: 'https://example.com' });
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(window).getByText('Sending')).toBeInTheDocument();
    socket.push({ type: 'ack', gid: GID, id: sent.id, seq: 2, timestamp: Date.now(), duplicate: false });
    expect(within(window).getByText('Sent')).toBeInTheDocument();

    // Minimize: back to the button; a reply while minimized shows in the badge, reset on open.
    await userEvent.click(screen.getByRole('button', { name: 'Minimize chat' }));
    socket.push({
      ...greeting,
      id: 'a1',
      seq: 3,
      kind: 'text',
      uid: 2,
      uname: 'Agent',
      content: '你好！',
      source: '你好！',
      translate: '你好！',
      language: 'zh',
    });
    expect(screen.getByTestId('chat-unread')).toHaveTextContent('1');
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service (1)' }));
    expect(screen.queryByTestId('chat-unread')).toBeNull();
    expect(screen.getByRole('region', { name: 'Customer service' })).toHaveTextContent('你好！');

    // The translate toggle says translation is off.
    await userEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(screen.getByRole('note')).toHaveTextContent('Translation is off');

    await userEvent.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'user_inactive', gid: GID, reason: 'user_closed' });
    expect(screen.getByRole('button', { name: 'Chat with customer service' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Customer service' })).toBeNull();
  });

  it('when the agent ends the conversation the buyer sees the ended state and only the start-new action, at once', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service' }));
    await screen.findByText('Connecting…');
    const socket = FakeWebSocket.all[0]!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    socket.push({ type: 'session', uid: 7, uname: 'U', admin: false, language: 'en', translation: 'off', serverTime: 0, limits: {} });
    socket.push([greeting]);
    socket.push({ type: 'synced', gid: GID, lastSeq: 1 });
    const window = screen.getByRole('region', { name: 'Customer service' });
    expect(screen.getByRole('textbox', { name: 'Type a message…' })).toBeEnabled();

    socket.push({ type: 'ended', gid: GID, reason: 'agent_ended', at: Date.now() });
    // No input that says "waiting for connection" while the header says connected.
    expect(within(window).queryByRole('textbox')).toBeNull();
    expect(within(window).queryByText('Waiting for connection...')).toBeNull();
    expect(screen.getByTestId('chat-ended')).toHaveTextContent('This conversation has ended.');
    await userEvent.click(within(window).getByRole('button', { name: 'Start a new chat' }));
    expect(socket.sent.at(-1)).toEqual({ type: 'start' });
  });

  it("shows an agent's reply at once and its translation when it arrives later; a second arrival of the reply does not undo it", async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service' }));
    await screen.findByText('Connecting…');
    const socket = FakeWebSocket.all[0]!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    socket.push({ type: 'session', uid: 7, uname: 'U', admin: false, language: 'en', translation: 'on', serverTime: 0, limits: {} });
    socket.push([greeting]);
    socket.push({ type: 'synced', gid: GID, lastSeq: 1 });
    const window = screen.getByRole('region', { name: 'Customer service' });
    const reply = {
      ...greeting,
      id: 'a1',
      seq: 2,
      kind: 'text',
      uid: 2,
      uname: 'Agent',
      content: '有货',
      source: '有货',
      translate: '有货',
      language: 'zh',
      translation: 'on',
    };
    socket.push({ ...reply, translatePending: true });
    expect(within(window).getByText('有货')).toBeInTheDocument();
    expect(within(window).getByText('Translating…')).toBeInTheDocument();

    socket.push({ type: 'translated', gid: GID, id: 'a1', seq: 2, language: 'en', translate: 'In stock' });
    expect(within(window).getByText('In stock')).toBeInTheDocument();
    expect(within(window).queryByText('Translating…')).toBeNull();
    // A catch-up copy read before the translation was stored keeps the translation on screen.
    socket.push([{ ...reply, translateError: true }]);
    expect(within(window).getByText('In stock')).toBeInTheDocument();
    expect(within(window).getAllByText('In stock')).toHaveLength(1);
  });

  it('opens by itself on a page reached with ?chat=1 (signed in from the customer-service entry), and drops the flag', async () => {
    const router = renderWidget('/?chat=1&q=gan');
    expect(await screen.findByRole('region', { name: 'Customer service' })).toBeInTheDocument();
    // The session's code loads after the window opens (ChatWidget's lazy ChatSession).
    await waitFor(() => expect(FakeWebSocket.all).toHaveLength(1));
    expect(router.state.location.search).toBe('?q=gan');
  });

  it('does not connect without a usable token', async () => {
    localStorage.setItem('token', 'short');
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service' }));
    await screen.findByText('Please log in again to chat with customer service.');
    expect(FakeWebSocket.all).toHaveLength(0);
  });

  it('warns about an image that is too large', async () => {
    renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Chat with customer service' }));
    await screen.findByText('Connecting…');
    const socket = FakeWebSocket.all[0]!;
    act(() => {
      socket.readyState = 1;
      socket.onopen?.({});
    });
    socket.push([greeting]);
    socket.push({ type: 'synced', gid: GID, lastSeq: 1 });
    const big = new File([new Uint8Array(1_048_577)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('chat-image-input'), big);
    const { useToastStore } = await import('@/lib/stores/toast');
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({ type: 'warning', message: 'The image is too large: at most 1 MB' });
    expect(socket.sent).toHaveLength(0);
  });

  it('sends an admin to the customer-service console', async () => {
    useAuthStore.setState({ user: { ...user, admin: true, role: 'service' } });
    const router = renderWidget();
    await userEvent.click(screen.getByRole('button', { name: 'Open the customer service console' }));
    expect(router.state.location.pathname).toBe('/admin/customer-service');
  });
});
