import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireLock, isHolder, readLock } from './lock.js';

function folder() {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'cubeshop-lock-'));
}

describe('the embedded database lock', () => {
  it('is taken over from a process that died', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'db.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, role: 'server', startedAt: 1 }));
    const lock = acquireLock(dir, 'server');
    expect(isHolder(lock)).toBe(false);
    expect(readLock(dir)).toMatchObject({ pid: process.pid, role: 'server' });
  });

  it('is taken over when it names this pid but an earlier process (a restarted container is pid 1 again)', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'db.lock'), JSON.stringify({ pid: process.pid, role: 'server', startedAt: Date.now() - 3_600_000 }));
    expect(readLock(dir)).toBeUndefined();
    expect(isHolder(acquireLock(dir, 'server'))).toBe(false);
  });

  it('is refused while another live process holds it', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'db.lock'), JSON.stringify({ pid: process.ppid, role: 'server', startedAt: 1 }));
    expect(acquireLock(dir, 'cli')).toMatchObject({ pid: process.ppid, role: 'server' });
  });
});
