import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TChatMessageFrame } from '@cubeshop/shared';
import { TEST_DB_KIND } from '../../test/harness.js';
import { ChatTestClient, isEvent, openConversation, startCluster } from '../../test/chat-harness.js';
import { detectLanguage, libreTranslateProvider, openAiProvider, protectText, restoreText, translationPrompt } from './chat.translate.js';

interface Seen {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A local HTTP server that answers like a provider; `answer` decides per request. */
async function provider(answer: (seen: Seen, res: http.ServerResponse) => void) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const entry = { url: req.url ?? '', headers: req.headers, body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {} };
      seen.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { url, seen };
}
const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

describe('placeholders', () => {
  it('keeps emoji, URLs, e-mail addresses, numbers and model names exactly', () => {
    const text = '我想买 GAN356 和 3x3 魔方，¥69 共 1,000 个 👍🏽👨‍👩‍👧 🇨🇳 1️⃣ 见 https://cubeshop.example/p/12?a=1。联系 a.b@x.com 或 12:30 前 50% off';
    const p = protectText(text);
    expect(p.tokens).toEqual(['GAN356', '3x3', '69', '1,000', '👍🏽', '👨‍👩‍👧', '🇨🇳', '1️⃣', 'https://cubeshop.example/p/12?a=1', 'a.b@x.com', '12:30', '50%']);
    expect(p.text).not.toMatch(/\d(?![\d]*\]\])/u);
    expect(p.text).toContain('魔方');
    expect(restoreText(p.text, p.tokens)).toBe(text);
  });

  it('leaves sentence punctuation outside a URL and words without digits alone', () => {
    const p = protectText('See www.cubes.com. Then hello,world and e-mail me.');
    expect(p.tokens).toEqual(['www.cubes.com']);
    expect(p.text).toBe('See [[0]]. Then hello,world and e-mail me.');
  });

  it('restores placeholders that translators mangled, and appends one they dropped', () => {
    expect(restoreText('I want 【【0】】 and [ [1] ] and ［［2］］ cubes', ['GAN356', '3x3', '5'])).toBe('I want GAN356 and 3x3 and 5 cubes');
    expect(restoreText('Thanks!', ['👍'])).toBe('Thanks! 👍');
  });

  it('tells Chinese from English by script, with the sender language on a tie', () => {
    expect(detectLanguage('你好，我想买魔方', 'en')).toBe('zh');
    expect(detectLanguage('我想买 GAN cube', 'en')).toBe('zh');
    expect(detectLanguage('I want to buy a 魔方', 'zh')).toBe('en');
    expect(detectLanguage('Hello there', 'zh')).toBe('en');
    expect(detectLanguage('好 ok', 'zh')).toBe('zh');
    expect(detectLanguage('好 ok', 'en')).toBe('en');
    expect(detectLanguage('👍 123 https://x.com/a', 'zh')).toBeNull();
  });
});

describe('LibreTranslate adapter', () => {
  it('posts q, source, target, format text and api_key to /translate and reads translatedText', async () => {
    const p = await provider((seen, res) => json(res, 200, { translatedText: `EN(${String(seen.body.q)})` }));
    const adapter = libreTranslateProvider({ provider: 'libretranslate', url: `${p.url}/`, apiKey: 'secret-key' });
    expect(await adapter.translate('你好', 'zh', 'en')).toBe('EN(你好)');
    expect(p.seen[0]!.url).toBe('/translate');
    expect(p.seen[0]!.body).toEqual({ q: '你好', source: 'zh', target: 'en', format: 'text', api_key: 'secret-key' });
    expect(p.seen[0]!.headers['content-type']).toBe('application/json');
  });

  it('sends several texts as one q array and reads translatedText in the same order; a short answer fails the call', async () => {
    let short = false;
    const p = await provider((seen, res) => {
      const q = seen.body.q as string[];
      json(res, 200, { translatedText: (short ? q.slice(1) : q).map((t) => `EN(${t})`) });
    });
    const adapter = libreTranslateProvider({ provider: 'libretranslate', url: p.url });
    expect(await adapter.translateMany!(['你好', '谢谢'], 'zh', 'en')).toEqual(['EN(你好)', 'EN(谢谢)']);
    expect(p.seen[0]!.body).toEqual({ q: ['你好', '谢谢'], source: 'zh', target: 'en', format: 'text' });
    short = true;
    await expect(adapter.translateMany!(['a', 'b'], 'en', 'zh')).rejects.toThrow(/each of 2 texts/);
  });

  it('leaves api_key out when none is set, and fails on non-2xx and on answers of the wrong shape', async () => {
    let status = 200;
    let body: unknown = { translatedText: 'ok' };
    const p = await provider((_seen, res) => json(res, status, body));
    const adapter = libreTranslateProvider({ provider: 'libretranslate', url: p.url });
    await adapter.translate('hi', 'en', 'zh');
    expect(p.seen[0]!.body).not.toHaveProperty('api_key');
    status = 500;
    body = { error: 'boom' };
    await expect(adapter.translate('hi', 'en', 'zh')).rejects.toThrow(/500/);
    status = 200;
    body = { nope: true };
    await expect(adapter.translate('hi', 'en', 'zh')).rejects.toThrow(/translatedText/);
  });

  it('gives up after the timeout', async () => {
    const p = await provider(() => undefined);
    const adapter = libreTranslateProvider({ provider: 'libretranslate', url: p.url, timeoutMs: 150 });
    const started = Date.now();
    await expect(adapter.translate('hi', 'en', 'zh')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('OpenAI-compatible adapter', () => {
  it('posts the model, a system prompt and temperature 0 to /chat/completions with the bearer key', async () => {
    const p = await provider((_seen, res) => json(res, 200, { choices: [{ message: { role: 'assistant', content: '  你好，世界 [[0]]\n' } }] }));
    const adapter = openAiProvider({ provider: 'openai', url: `${p.url}/v1`, apiKey: 'sk-test', model: 'tiny-model' });
    expect(await adapter.translate('Hello, world [[0]]', 'en', 'zh')).toBe('你好，世界 [[0]]');
    const request = p.seen[0]!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body).toEqual({
      model: 'tiny-model',
      temperature: 0,
      messages: [
        { role: 'system', content: translationPrompt('en', 'zh') },
        { role: 'user', content: 'Hello, world [[0]]' },
      ],
    });
    expect(translationPrompt('en', 'zh')).toMatch(/English to Simplified Chinese/);
    expect(translationPrompt('en', 'zh')).toMatch(/emoji, URLs/);
  });

  it('fails on non-2xx, empty content and timeouts', async () => {
    let mode: 'error' | 'empty' | 'hang' = 'error';
    const p = await provider((_seen, res) => {
      if (mode === 'error') json(res, 429, { error: { message: 'rate limited' } });
      else if (mode === 'empty') json(res, 200, { choices: [] });
    });
    const adapter = openAiProvider({ provider: 'openai', url: p.url, timeoutMs: 150 });
    await expect(adapter.translate('hi', 'en', 'zh')).rejects.toThrow(/429/);
    mode = 'empty';
    await expect(adapter.translate('hi', 'en', 'zh')).rejects.toThrow(/content/);
    mode = 'hang';
    await expect(adapter.translate('hi', 'en', 'zh')).rejects.toThrow();
    expect(p.seen[0]!.headers.authorization).toBeUndefined();
  });
});

describe(`chat with a failing provider (${TEST_DB_KIND})`, () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let failing = true;
  let kept: http.Server | undefined;
  beforeAll(async () => {
    const p = await provider((seen, res) =>
      failing ? json(res, 503, { error: 'down' }) : json(res, 200, { translatedText: `<${String(seen.body.target)}>` }),
    );
    kept = servers.pop(); // kept for the whole block, closed in afterAll
    cluster = await startCluster({ env: { TRANSLATE_PROVIDER: 'libretranslate', TRANSLATE_URL: p.url } });
  });
  afterAll(async () => {
    await cluster?.close();
    kept?.closeAllConnections();
    await new Promise((r) => kept?.close(r));
  });

  it('delivers the message at once, then flags the failed translation, and translates it later on request', async () => {
    const app = cluster.instances[0]!;
    const { agent, gid, agentSocket, buyerSocket } = await openConversation(app);
    buyerSocket.send({ gid, content: '有货吗？' });
    const ack = await buyerSocket.waitFor(isEvent('ack'));
    const m = (await agentSocket.waitFor((f) => !Array.isArray(f) && !('type' in f) && f.seq === ack.seq)) as TChatMessageFrame;
    expect(m).toMatchObject({ content: '有货吗？', translate: '有货吗？', translation: 'on', translatePending: true, language: 'zh' });
    const failed = await agentSocket.waitFor(isEvent('translated', (f) => f.id === m.id));
    expect(failed).toEqual({ type: 'translated', gid, id: m.id, seq: ack.seq, language: 'en', translate: '有货吗？', translateError: true });
    // Nothing stored: a reconnect's catch-up says failed rather than pending.
    const again = await ChatTestClient.connect(app.wsUrl, { token: agent.token, language: 'en', since: `${gid}:${ack.seq - 1}` });
    await again.waitFor(isEvent('synced', (f) => f.gid === gid));
    expect(again.messages(gid)).toEqual([expect.objectContaining({ id: m.id, translate: '有货吗？', translateError: true })]);
    again.close();

    failing = false;
    agentSocket.send({ type: 'translate', gid, id: m.id });
    const translated = await agentSocket.waitFor(isEvent('translation', (f) => f.id === m.id));
    expect(translated).toEqual({ type: 'translation', gid, id: m.id, seq: ack.seq, language: 'en', translate: '<en>' });
    // Now stored: a catch-up delivers it translated.
    const stored = await app.services.chat.service.history(gid, ack.seq - 1, 1);
    expect(stored[0]!.translations).toEqual({ en: '<en>' });
    buyerSocket.close();
    agentSocket.close();
  });
});
