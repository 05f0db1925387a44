import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// eslint.config.js keeps Drizzle out of *.service.ts and *.routes.ts only; the chat's other units
// (fan-out, conversations, messaging ...) are held to the same rule here until the lint glob
// covers every non-repository file of a module.
const dir = path.dirname(fileURLToPath(import.meta.url));
const DRIZZLE = /from\s+'(?:drizzle-orm(?:\/[^']*)?|[^']*\/db\/schema(?:\/[^']*)?)'/;

describe('chat module boundaries', () => {
  it('only the repository touches Drizzle and the tables', () => {
    const offenders = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('.repository'))
      .filter((f) => DRIZZLE.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(offenders).toEqual([]);
    expect(DRIZZLE.test(fs.readFileSync(path.join(dir, 'chat.repository.ts'), 'utf8'))).toBe(true);
  });
});
