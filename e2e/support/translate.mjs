// A stand-in LibreTranslate for the end-to-end run (docs/chat.md, "Translation"): the shop's
// server runs with TRANSLATE_PROVIDER=libretranslate and TRANSLATE_URL pointing here, so the chat's
// translate/original toggle switches between real, predictable texts.
//   POST /translate {q, source, target, format} -> {translatedText} (q an array: an array back)
//   GET  /health                                -> {ok: true}
// Known phrases (e2e/specs/chat.spec.ts) have fixed translations; anything else comes back as
// "[<target>] <q>", placeholders such as [[0]] untouched.
import { createServer } from 'node:http';

const PORT = Number(process.env.TRANSLATE_PORT ?? 2528);
const PHRASES = {
  '你好，我想买魔方': 'Hello, I want to buy a magic cube',
  '我还在，请继续': 'I am still here, please go on',
  'Sure, which brand do you like?': '好的，您喜欢哪个品牌？',
  'Are you still there?': '您还在吗？',
  'Let me check the stock for you.': '我帮您查一下库存。',
};
/** Phrases this stand-in answers slowly (ms): the chat must deliver the original first. */
const SLOW = { 'Let me check the stock for you.': 2_500 };

function send(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return send(res, 200, { ok: true });
  if (req.method !== 'POST' || req.url !== '/translate') return send(res, 404, { error: 'not found' });
  let raw = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (raw += chunk));
  req.on('end', () => {
    try {
      const { q, target } = JSON.parse(raw);
      const texts = Array.isArray(q) ? q : [q];
      if (!texts.length || !texts.every((t) => typeof t === 'string') || typeof target !== 'string')
        return send(res, 400, { error: 'q and target are required' });
      const one = (t) => PHRASES[t.trim()] ?? `[${target}] ${t}`;
      const answer = () => send(res, 200, { translatedText: Array.isArray(q) ? q.map(one) : one(q) });
      const delay = Math.max(0, ...texts.map((t) => SLOW[t.trim()] ?? 0));
      if (delay) setTimeout(answer, delay);
      else answer();
      return undefined;
    } catch {
      return send(res, 400, { error: 'bad json' });
    }
  });
}).listen(PORT, '127.0.0.1');
