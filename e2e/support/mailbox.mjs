// A test mailbox for the end-to-end run: a real SMTP server (the smtp-server package the server's
// tests use) on 127.0.0.1:2526 that keeps what it receives in memory, and a tiny HTTP API on
// 127.0.0.1:2527 to read it back:
//   GET /health                        -> {ok: true}
//   GET /messages?to=addr[&since=ms][&subject=s] -> the newest message to addr (received after `since`, with that subject):
//                                         {to, from, subject, text, code, receivedAt}; 404 when none
//   DELETE /messages                   -> forget everything
// The shop sends through it with SMTP_URL=smtp://127.0.0.1:2526 (e2e/playwright.config.ts).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../apps/server/package.json'));
const { SMTPServer } = require('smtp-server');

const SMTP_PORT = Number(process.env.MAILBOX_SMTP_PORT ?? 2526);
const HTTP_PORT = Number(process.env.MAILBOX_HTTP_PORT ?? 2527);
const HOST = '127.0.0.1';
const MAX_MESSAGES = 1000;

/** @type {{to: string[], from: string, subject: string, text: string, html: string, receivedAt: number}[]} */
const messages = [];

// --- a small MIME reader: enough for what nodemailer writes (multipart, base64, quoted-printable, RFC 2047 words)

function decodeQp(value) {
  return value.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeWords(value) {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_w, _charset, enc, data) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(decodeQp(data.replace(/_/g, ' ')), 'latin1').toString('utf8'),
  );
}

function splitHead(raw) {
  const at = raw.indexOf('\r\n\r\n');
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at + 4);
  const headers = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body, encoding) {
  const enc = (encoding ?? '7bit').toLowerCase();
  const bytes = enc === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(enc === 'quoted-printable' ? decodeQp(body) : body, 'latin1');
  return bytes.toString('utf8');
}

function parseMessage(raw) {
  const { headers, body } = splitHead(raw);
  const parts = [];
  const walk = (h, b) => {
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
    parts.push({ type: type.toLowerCase(), content: decodeBody(b, h['content-transfer-encoding']) });
  };
  walk(headers, body);
  return {
    subject: headers.subject ?? '',
    from: headers.from ?? '',
    text: parts.find((p) => p.type.startsWith('text/plain'))?.content ?? '',
    html: parts.find((p) => p.type.startsWith('text/html'))?.content ?? '',
  };
}

// --- SMTP

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const mail = parseMessage(Buffer.concat(chunks).toString('latin1'));
      messages.push({ ...mail, to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), receivedAt: Date.now() });
      if (messages.length > MAX_MESSAGES) messages.splice(0, messages.length - MAX_MESSAGES);
      callback();
    });
  },
});
smtp.on('error', (error) => console.error('[mailbox] smtp error:', error.message));

// --- HTTP

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://${HOST}:${HTTP_PORT}`);
  if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true, messages: messages.length });
  if (url.pathname === '/messages' && req.method === 'DELETE') {
    messages.length = 0;
    return send(res, 200, { ok: true });
  }
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.trim().toLowerCase();
    if (!to) return send(res, 400, { error: 'to is required' });
    const since = Number(url.searchParams.get('since') ?? 0) || 0;
    const subject = url.searchParams.get('subject');
    const found = messages.findLast((m) => m.to.includes(to) && m.receivedAt > since && (subject === null || m.subject === subject));
    if (!found) return send(res, 404, { error: `no message to ${to}` });
    const code = /\b(\d{6})\b/.exec(found.text)?.[1] ?? null;
    return send(res, 200, { to, from: found.from, subject: found.subject, text: found.text, code, receivedAt: found.receivedAt });
  }
  send(res, 404, { error: 'not found' });
});

smtp.listen(SMTP_PORT, HOST, () => {
  http.listen(HTTP_PORT, HOST, () => console.log(`[mailbox] smtp://${HOST}:${SMTP_PORT}, http://${HOST}:${HTTP_PORT}`));
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
