import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import { signIn } from '@/test/render';
import type { ChatMessage } from '@/lib/chat/state';
import { Composer } from './Composer';
import { ConnectionStatus } from './ConnectionStatus';
import { MessageList } from './MessageList';

// The chat UI shared by the buyer's widget (features/chat) and the admin console
// (features/customer-service), rendered alone.

const GID = '11111111-2222-4333-8444-555555555555';

function message(over: Partial<ChatMessage>): ChatMessage {
  return {
    id: 'm-1',
    gid: GID,
    seq: 1,
    kind: 'text',
    content: 'hello',
    image: null,
    uid: 2,
    uname: 'Ann',
    timestamp: Date.UTC(2026, 0, 1, 12, 30),
    source: 'hello',
    translate: 'hello',
    language: 'en',
    translation: 'off',
    translateError: false,
    status: 'sent',
    isUser: false,
    isSystem: false,
    order: 1,
    ...over,
  };
}

beforeAll(async () => {
  await i18n.loadNamespaces(['chat']);
});

describe('MessageList', () => {
  it('text is text, never HTML; http(s) links open safely', () => {
    render(<MessageList label="Messages" language="en" messages={[message({ content: '<b>hi</b> https://example.com/x and javascript:alert(1)' })]} />);
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).queryByText('hi', { selector: 'b' })).toBeNull();
    expect(log).toHaveTextContent('<b>hi</b>');
    const links = within(log).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/x']);
    expect(links[0]).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(log).getByText('Ann')).toBeInTheDocument();
  });

  it('own messages say pending, sent, or failed with the reason and a retry', async () => {
    const onRetry = vi.fn();
    render(
      <MessageList
        label="Messages"
        language="en"
        onRetry={onRetry}
        messages={[
          message({ id: 'a', isUser: true, status: 'pending', seq: null }),
          message({ id: 'b', isUser: true, status: 'sent', seq: 2 }),
          message({ id: 'c', isUser: true, status: 'failed', seq: null, error: 'Not an image' }),
        ]}
      />,
    );
    expect(screen.getByText('Sending')).toBeInTheDocument();
    expect(screen.getByText('Sent')).toBeInTheDocument();
    expect(screen.getByText('Not an image')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('c');
  });

  it('translate / original per message; system notices made here use their text key', async () => {
    render(
      <MessageList
        label="Messages"
        language="en"
        messages={[
          message({ id: 't', content: '你好', source: '你好', translate: 'Hello', language: 'zh', translation: 'on' }),
          message({ id: 'n', kind: 'system', isSystem: true, uid: 0, content: '', localKey: 'endedInactive', seq: null }),
        ]}
      />,
    );
    expect(screen.getByText('Hello')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText('你好')).toBeInTheDocument();
    expect(screen.getByText('The chat ended because there was no activity.')).toBeInTheDocument();
  });

  it('a translation still on its way: the original with "translating", then the translation on the same message', async () => {
    const pending = message({ id: 't', content: '你好', source: '你好', translate: '你好', language: 'zh', translation: 'on', translatePending: true });
    const { rerender } = render(<MessageList label="Messages" language="en" messages={[pending]} />);
    expect(screen.getByText('你好')).toBeInTheDocument();
    expect(screen.getByText('Translating…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show original' })).toBeNull();
    rerender(<MessageList label="Messages" language="en" messages={[{ ...pending, translate: 'Hello', translatePending: false }]} />);
    expect(screen.getByText('Hello')).toBeInTheDocument();
    expect(screen.queryByText('Translating…')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show original' })).toBeInTheDocument();
    // The reader of the original's language sees neither.
    rerender(<MessageList label="Messages" language="zh" messages={[pending]} />);
    expect(screen.queryByText('Translating…')).toBeNull();
  });

  it('an image is private to the conversation: fetched with the bearer token, shown from memory, and opens in a preview', async () => {
    signIn();
    let blobs = 0;
    URL.createObjectURL = vi.fn(() => `blob:chat-${++blobs}`);
    URL.revokeObjectURL = vi.fn();
    const path = `/api/chat/images/${GID}/${'a'.repeat(64)}.webp`;
    server.use(
      http.get('*/api/chat/images/:gid/:name', () => new HttpResponse(new Uint8Array([82, 73, 70, 70]), { headers: { 'content-type': 'image/webp' } })),
    );
    render(<MessageList label="Messages" language="en" messages={[message({ kind: 'image', content: '', image: path })]} />);
    // The picture is the content of the button naming it (alt="").
    await waitFor(() => expect(within(screen.getByRole('button', { name: 'Open the image from Ann' })).getByAltText('')).toHaveAttribute('src', 'blob:chat-1'));
    const [request] = calls('GET', path);
    expect(request!.headers.authorization).toBe('Bearer user-token-123456');
    expect(request!.url).not.toContain('user-token-123456');
    await userEvent.click(screen.getByRole('button', { name: 'Open the image from Ann' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Image from Ann' })).toHaveAttribute('src', expect.stringMatching(/^blob:chat-/)));
  });

  it('an image not sent yet (its data URL) is shown as it is, without a request', () => {
    const local = 'data:image/png;base64,iVBORw0KGgo=';
    render(<MessageList label="Messages" language="en" messages={[message({ kind: 'image', content: '', image: local, status: 'pending', seq: null })]} />);
    expect(within(screen.getByRole('button', { name: 'Open the image from Ann' })).getByAltText('')).toHaveAttribute('src', local);
    expect(calls('GET').filter((r) => r.path.startsWith('/api/chat/images/'))).toEqual([]);
  });
});

describe('Composer', () => {
  it('Enter sends, Shift+Enter breaks the line; the text stays when nothing was sent', async () => {
    const sent: string[] = [];
    let accept = true;
    render(<Composer disabled={false} placeholder="Type a message…" onText={(t) => (sent.push(t), accept)} onImage={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'Type a message…' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(input, 'one{Shift>}{Enter}{/Shift}two{Enter}');
    expect(sent).toEqual(['one\ntwo']);
    expect(input).toHaveValue('');
    accept = false;
    await userEvent.type(input, 'kept{Enter}');
    expect(input).toHaveValue('kept');
    await userEvent.clear(input);
    await userEvent.type(input, '   {Enter}');
    expect(sent).toHaveLength(2);
  });

  it('emoji go in at the caret; disabled means no input at all', async () => {
    const { rerender } = render(<Composer disabled={false} placeholder="Type" onText={() => true} onImage={() => undefined} />);
    await userEvent.type(screen.getByRole('textbox'), 'ok ');
    await userEvent.click(screen.getByRole('button', { name: 'Emoji' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Choose an emoji' })).getByRole('button', { name: '👍' }));
    expect(screen.getByRole('textbox')).toHaveValue('ok 👍');
    expect(screen.queryByRole('group', { name: 'Choose an emoji' })).toBeNull();
    rerender(<Composer disabled placeholder="Type" onText={() => true} onImage={() => undefined} />);
    expect(screen.getByRole('textbox')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Emoji' })).toBeDisabled();
  });
});

describe('ConnectionStatus', () => {
  it('says the state, with the retry number while reconnecting', () => {
    const { rerender } = render(<ConnectionStatus status="connected" attempt={0} />);
    expect(screen.getByRole('status')).toHaveTextContent('Connected');
    rerender(<ConnectionStatus status="reconnecting" attempt={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting (2/3)…');
    expect(screen.getByRole('status')).toHaveAttribute('data-status', 'reconnecting');
  });
});
