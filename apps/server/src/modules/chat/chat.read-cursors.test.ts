import { describe, expect, it, vi } from 'vitest';
import type { BusEvent } from './chat.bus.js';
import type { ChatActor } from './chat.context.js';
import { ChatError, type ChatErrorCode } from './chat.errors.js';
import { createReadCursors } from './chat.read-cursors.js';

const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'zh' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'en' };

function setup(advance: { seq: number; advanced: boolean } | null, refusal: ChatErrorCode = 'internal') {
  const published: BusEvent[] = [];
  const repo = {
    readCursors: vi.fn(async () => new Map([['g1', 5]])),
    advanceReadCursor: vi.fn(async () => advance),
  };
  const reads = createReadCursors({ repo, bus: { publish: (e) => published.push(e) }, groups: { classify: async () => refusal }, clock: { now: () => 9_000 } });
  return { reads, repo, published };
}
const reason = async (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (err: unknown) => {
      if (err instanceof ChatError) return err.reason;
      throw err;
    },
  );

describe('read cursors', () => {
  it('reads 0 for conversations not read yet', async () => {
    const { reads } = setup(null);
    expect(await reads.readCursors(2, ['g1', 'g2'])).toEqual(
      new Map([
        ['g1', 5],
        ['g2', 0],
      ]),
    );
  });

  it("a cursor that moved is told to all the agent's sockets, everywhere", async () => {
    const { reads, repo, published } = setup({ seq: 7, advanced: true });
    expect(await reads.markRead(agent, 'g1', 7)).toEqual({ seq: 7, advanced: true });
    expect(repo.advanceReadCursor).toHaveBeenCalledWith('g1', 2, 7, new Date(9_000));
    expect(published).toEqual([{ k: 'user', uid: 2, frame: { type: 'read', gid: 'g1', seq: 7 } }]);
  });

  it('a report that moved nothing is published nowhere (the caller answers its socket)', async () => {
    const { reads, published } = setup({ seq: 9, advanced: false });
    expect(await reads.markRead(agent, 'g1', 3)).toEqual({ seq: 9, advanced: false });
    expect(published).toEqual([]);
  });

  it('only agents of the open conversation; a late report for an ended one is ignored', async () => {
    expect(await reason(setup(null).reads.markRead(buyer, 'g1', 1))).toBe('not_admin');
    expect(await reason(setup(null, 'internal').reads.markRead(agent, 'g1', 1))).toBe('forbidden_gid');
    expect(await reason(setup(null, 'forbidden_gid').reads.markRead(agent, 'g1', 1))).toBe('forbidden_gid');
    expect(await reason(setup(null, 'unknown_gid').reads.markRead(agent, 'g1', 1))).toBe('unknown_gid');
    expect(await setup(null, 'ended').reads.markRead(agent, 'g1', 1)).toBeNull();
  });
});
