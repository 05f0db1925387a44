import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeError } from './log.js';

describe('logged errors', () => {
  it('keep the SQL of a failed query but never its parameter values or the server detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      code: '23505',
      detail: 'Key (email)=(secret@example.com) already exists.',
    });
    const err = new DrizzleQueryError('insert into users (email, password_hash) values ($1, $2)', ['secret@example.com', 'argon2-hash\nline two'], cause);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('insert into users (email, password_hash) values ($1, $2)');
    expect(logged).toContain('users_email_unique');
    expect(logged).not.toContain('secret@example.com');
    expect(logged).not.toContain('argon2-hash');
    expect(logged).not.toContain('line two');
  });

  it('leave other errors as pino logs them', () => {
    const logged = serializeError(Object.assign(new Error('boom'), { code: 'E_BOOM' }));
    expect(logged).toMatchObject({ type: 'Error', message: 'boom', code: 'E_BOOM' });
    expect(logged.stack).toContain('log.test.ts');
  });
});
