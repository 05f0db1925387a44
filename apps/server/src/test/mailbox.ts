import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test mail server received it, decoded. */
export interface ReceivedMail {
  /** Envelope sender and recipients. */
  mailFrom: string;
  rcptTo: string[];
  /** Decoded headers (lower-case names). */
  headers: Record<string, string>;
  subject: string;
  from: string;
  text: string;
  html: string;
  /** Attached files (Content-Disposition: attachment), decoded. */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/**
 * A real SMTP server on a free loopback port (the smtp-server package). The app under test sends
 * through nodemailer with SMTP_URL = mailbox.url; tests wait for messages with `next(to)`.
 */
export interface Mailbox {
  url: string;
  messages: ReceivedMail[];
  /** The next message to `to` not taken yet, waiting up to `timeoutMs` for it to arrive. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit code in the next message to `to`. */
  nextCode(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * `port` 0 takes a free one; a fixed port lets a test start the mail server after the app (an SMTP
 * outage). `delayMs`: how long the server takes to accept each message (a slow provider).
 */
export async function startMailbox(port = 0, { delayMs = 0 }: { delayMs?: number } = {}): Promise<Mailbox> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          const mail = parseMessage(Buffer.concat(chunks).toString('latin1'));
          messages.push({
            ...mail,
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
          for (const wake of waiters) wake();
          callback();
        };
        if (delayMs > 0) setTimeout(accept, delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;

  async function next(to: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const find = () => messages.find((m) => !taken.has(m) && m.rcptTo.some((r) => r.toLowerCase() === to.toLowerCase()));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) {
        taken.add(found);
        return found;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, left);
        waiters.add(wake);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    next,
    async nextCode(to, timeoutMs) {
      const mail = await next(to, timeoutMs);
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no code in mail to ${to}: ${mail.text}`);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// --- a small MIME reader: enough for what nodemailer writes (multipart, base64, quoted-printable, RFC 2047 words)

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_w, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(decodeQp(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

function decodeQp(value: string): string {
  return value.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function splitHead(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const enc = (encoding ?? '7bit').toLowerCase();
  const bytes = enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(enc === 'quoted-printable' ? decodeQp(body) : body, 'latin1');
  return bytes.toString('utf8');
}

function parseMessage(raw: string): Omit<ReceivedMail, 'mailFrom' | 'rcptTo'> {
  const { headers, body } = splitHead(raw);
  const parts: { type: string; content: string }[] = [];
  const attachments: ReceivedMail['attachments'] = [];
  const walk = (h: Record<string, string>, b: string) => {
    const type = h['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      for (const chunk of b.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = splitHead(chunk.replace(/^\r\n/, ''));
        walk(part.headers, part.body);
      }
      return;
    }
    const disposition = h['content-disposition'] ?? '';
    if (/^attachment/i.test(disposition)) {
      const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? '';
      const bytes = /base64/i.test(h['content-transfer-encoding'] ?? '') ? Buffer.from(b.replace(/\s+/g, ''), 'base64') : Buffer.from(b, 'latin1');
      attachments.push({ filename, contentType: type.split(';')[0]!.trim().toLowerCase(), content: bytes });
      return;
    }
    parts.push({ type: type.toLowerCase(), content: decodeBody(b, h['content-transfer-encoding']) });
  };
  walk(headers, body);
  return {
    headers,
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
    attachments,
  };
}
