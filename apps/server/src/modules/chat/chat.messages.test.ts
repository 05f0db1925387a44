import { describe, expect, it } from 'vitest';
import { CHAT_SYSTEM_NAME } from '@cubeshop/shared';
import { message } from '../../lib/messages.js';
import type { DeliveredMessage } from './chat.bus.js';
import { conversationLocale, delivered, renderMessage, systemMessage } from './chat.messages.js';

const text = (over: Partial<DeliveredMessage> = {}): DeliveredMessage => ({
  gid: 'g',
  seq: 7,
  id: 'id-7',
  kind: 'text',
  content: '有货吗？',
  image: null,
  uid: 3,
  uname: 'Mei',
  timestamp: 1_000,
  language: 'zh',
  translations: { en: 'In stock?' },
  ...over,
});

describe('systemMessage', () => {
  it('is written in the given language, with the other language as its translation', () => {
    const m = systemMessage('chatAccepted', 'en', { name: 'Ann' });
    expect(m).toMatchObject({
      senderId: null,
      senderName: CHAT_SYSTEM_NAME,
      kind: 'system',
      image: null,
      language: 'en',
      content: message('chatAccepted', 'en', { name: 'Ann' }),
      translations: [{ language: 'zh', text: message('chatAccepted', 'zh', { name: 'Ann' }) }],
    });
    expect(m.content).toContain('Ann');
    expect(m.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(systemMessage('chatGreeting', 'zh').id).not.toBe(systemMessage('chatGreeting', 'zh').id);
  });
});

describe('conversationLocale', () => {
  it('is en only for en', () => {
    expect(conversationLocale({ language: 'en' })).toBe('en');
    expect(conversationLocale({ language: 'zh' })).toBe('zh');
    expect(conversationLocale({ language: 'fr' })).toBe('zh');
  });
});

describe('delivered', () => {
  it('carries a stored message on the bus: system sender as uid 0, translations by language', () => {
    const m = systemMessage('chatGreeting', 'zh');
    expect(delivered('g', 1, m, new Date(5_000))).toEqual({
      gid: 'g',
      seq: 1,
      id: m.id,
      kind: 'system',
      content: m.content,
      image: null,
      uid: 0,
      uname: CHAT_SYSTEM_NAME,
      timestamp: 5_000,
      language: 'zh',
      translations: { en: m.translations[0]!.text },
    });
  });
});

describe('renderMessage', () => {
  it('gives a reader in the other language the stored translation, and the original as source', () => {
    expect(renderMessage(text(), 'en', 'on')).toEqual({
      gid: 'g',
      id: 'id-7',
      seq: 7,
      kind: 'text',
      content: '有货吗？',
      image: null,
      uid: 3,
      uname: 'Mei',
      timestamp: 1_000,
      source: '有货吗？',
      translate: 'In stock?',
      language: 'zh',
      translation: 'on',
    });
  });

  it("gives a reader in the original's language the original", () => {
    expect(renderMessage(text(), 'zh', 'on')).toMatchObject({ translate: '有货吗？', language: 'zh' });
    expect(renderMessage(text(), 'zh', 'on')).not.toHaveProperty('translateError');
  });

  it('flags a missing translation only when translation is on', () => {
    const untranslated = text({ translations: {} });
    expect(renderMessage(untranslated, 'en', 'on')).toMatchObject({ translate: '有货吗？', translateError: true });
    expect(renderMessage(untranslated, 'en', 'off')).not.toHaveProperty('translateError');
    expect(renderMessage(untranslated, 'en', 'off')).toMatchObject({ translate: '有货吗？', translation: 'off' });
  });

  it('says pending instead of failed while a fresh message is being translated', () => {
    const pending = renderMessage(text({ translations: {}, pending: true }), 'en', 'on');
    expect(pending).toMatchObject({ translate: '有货吗？', translatePending: true });
    expect(pending).not.toHaveProperty('translateError');
    expect(renderMessage(text({ translations: {}, pending: true }), 'zh', 'on')).not.toHaveProperty('translatePending');
  });

  it('never flags texts that need no translation, nor images', () => {
    expect(renderMessage(text({ content: '👍 69', language: null, translations: {} }), 'en', 'on')).not.toHaveProperty('translateError');
    const image = renderMessage(text({ kind: 'image', content: '', image: '/api/chat/images/g/x.webp', language: null, translations: {} }), 'zh', 'on');
    expect(image).toMatchObject({ kind: 'image', image: '/api/chat/images/g/x.webp', translate: '', language: null });
  });

  it('gives images stored when they were public (/uploads/chat/<name>) their conversation’s private address', () => {
    const image = renderMessage(text({ kind: 'image', content: '', image: '/uploads/chat/x.webp', language: null, translations: {} }), 'en', 'off');
    expect(image.image).toBe('/api/chat/images/g/x.webp');
  });

  it("shows the shop's own words in the reader's language as the text itself", () => {
    const m = delivered('g', 2, systemMessage('chatAccepted', 'en', { name: 'Ann' }), new Date(0));
    const zh = renderMessage(m, 'zh', 'off');
    const own = message('chatAccepted', 'zh', { name: 'Ann' });
    expect(zh).toMatchObject({ kind: 'system', content: own, source: own, translate: own, language: 'zh', translation: 'off' });
    expect(renderMessage(m, 'en', 'on')).toMatchObject({ content: m.content, language: 'en' });
    // A system message without the reader's translation falls back to what was stored.
    expect(renderMessage({ ...m, translations: {} }, 'zh', 'on')).toMatchObject({ content: m.content });
    expect(renderMessage({ ...m, translations: {} }, 'zh', 'on')).not.toHaveProperty('translateError');
  });
});
