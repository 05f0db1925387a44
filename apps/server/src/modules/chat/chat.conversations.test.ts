import { describe, expect, it, vi } from 'vitest';
import type { TUser } from '@cubeshop/shared';
import { message } from '../../lib/messages.js';
import type { BusEvent } from './chat.bus.js';
import type { ChatActor } from './chat.context.js';
import { createConversations, type ConversationsDeps } from './chat.conversations.js';
import { ChatError } from './chat.errors.js';
import type { ConversationRow, NewMessage } from './chat.repository.js';
import { createSerialQueue } from './chat.serial.js';

const buyer: ChatActor = { uid: 1, uname: 'Mei', agent: false, language: 'en' };
const agent: ChatActor = { uid: 2, uname: 'Ann', agent: true, language: 'zh' };
const NOW = 50_000;

const row = (over: Partial<ConversationRow> = {}): ConversationRow => ({
  gid: 'g',
  buyerId: 1,
  buyerName: 'Mei',
  language: 'en',
  status: 'waiting',
  lastSeq: 1,
  createdAt: new Date(1_000),
  acceptedAt: null,
  endedAt: null,
  endReason: null,
  lastActivityAt: new Date(1_000),
  warnedAt: null,
  ...over,
});

/** The conversation `g` held in memory, and what was published about it. */
function setup(initial: ConversationRow | null = row()) {
  let current = initial ?? undefined;
  const stored: NewMessage[] = [];
  const published: BusEvent[] = [];
  const users = new Map<number, TUser>([
    [3, { id: 3, account: 'bo', name: '', admin: true } as TUser],
    [4, { id: 4, account: 'cy', name: 'Cy', admin: false } as TUser],
  ]);
  const online = new Set([3]);
  let agents = 1;
  const queue = createSerialQueue();
  const run = vi.spyOn(queue, 'run');
  const append = (m: NewMessage, extra: Partial<ConversationRow> = {}) => {
    stored.push(m);
    current = { ...current!, ...extra, lastSeq: current!.lastSeq + 1 };
    return current;
  };
  const repo: ConversationsDeps['repo'] = {
    findOpenByBuyer: vi.fn(async () => (current && current.status !== 'ended' ? current : undefined)),
    createConversation: vi.fn(async (input) => {
      current = row({ gid: input.gid, language: input.language, createdAt: input.now, lastActivityAt: input.now });
      stored.push(input.greeting);
      return { row: current, created: true };
    }),
    findConversation: vi.fn(async () => current),
    accept: vi.fn(async (_gid, _agent, at, make) => (current?.status === 'waiting' ? append(make(current), { status: 'serving', acceptedAt: at }) : null)),
    leave: vi.fn(async (_gid, _agent, at, left, ended) => {
      if (!current) return { error: 'unknown_gid' as const };
      return agents > 1
        ? { row: append(left(current)), ended: false }
        : { row: append(ended(current), { status: 'ended', endedAt: at, endReason: 'agent_ended' }), ended: true };
    }),
    invite: vi.fn(async (_gid, _inviter, _invitee, _at, make) => (current?.status === 'ended' ? { error: 'ended' as const } : { row: append(make(current!)) })),
    end: vi.fn(async (_gid, reason, at, make) =>
      current && current.status !== 'ended' ? append(make(current), { status: 'ended', endedAt: at, endReason: reason }) : null,
    ),
    readCursors: vi.fn(async () => new Map([['g', 4]])),
  };
  const conversations = createConversations({
    repo,
    bus: { publish: (e) => published.push(e) },
    presence: { isOnline: async (uid) => online.has(uid) },
    account: { getUser: async (id) => users.get(id) },
    groups: { groupOf: async (r) => ({ gid: r.gid, status: r.status, lastSeq: r.lastSeq }) as never },
    queue,
    clock: { now: () => NOW },
  });
  return {
    conversations,
    repo,
    stored,
    published,
    run,
    setAgents: (n: number) => (agents = n),
    get current() {
      return current;
    },
  };
}

const kinds = (events: BusEvent[]) => events.map((e) => (e.k === 'gid' || e.k === 'agents' || e.k === 'user' ? `${e.k}:${e.frame.type}` : e.k));
const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ChatError) return err.reason;
    throw err;
  }
  return 'no error';
};

describe('conversation lifecycle', () => {
  it("opens a buyer's conversation once: waiting, greeting in their language, announced with its history", async () => {
    const t = setup(null);
    const { group, created } = await t.conversations.openForBuyer(buyer);
    expect(created).toBe(true);
    expect(group).toMatchObject({ status: 'waiting', uid: 1, language: 'en', waitingMs: 0, createdAt: NOW });
    expect(t.stored[0]).toMatchObject({ kind: 'system', language: 'en', content: message('chatGreeting', 'en') });
    expect(kinds(t.published)).toEqual(['agents:queue', 'join']);
    expect(t.published[1]).toMatchObject({ k: 'join', gid: group.gid, uid: 1, history: [{ seq: 1, kind: 'system', timestamp: NOW }] });

    const again = await t.conversations.openForBuyer(buyer);
    expect(again).toMatchObject({ created: false, group: { gid: group.gid } });
    expect(t.published).toHaveLength(2);
  });

  it('accept: the agent joins first, then the system message, accepted, the group and the queue change', async () => {
    const t = setup();
    await t.conversations.accept(agent, 'g');
    expect(kinds(t.published)).toEqual(['join', 'msg', 'gid:accepted', 'gid:group', 'agents:queue']);
    expect(t.published[0]).toMatchObject({ k: 'join', uid: 2, readSeq: 0 });
    // In the buyer's language, naming the agent.
    expect(t.published[1]).toMatchObject({ k: 'msg', m: { seq: 2, content: message('chatAccepted', 'en', { name: 'Ann' }) } });
    expect(t.published[2]).toMatchObject({ frame: { type: 'accepted', gid: 'g', agent: { uid: 2, uname: 'Ann' }, at: NOW } });
    expect(t.run).toHaveBeenCalledWith('g', expect.any(Function));
  });

  it('accept refuses what is not waiting: unknown, ended, already served', async () => {
    expect(await refusal(setup(null).conversations.accept(agent, 'g'))).toBe('unknown_gid');
    expect(await refusal(setup(row({ status: 'ended' })).conversations.accept(agent, 'g'))).toBe('ended');
    const served = setup(row({ status: 'serving' }));
    expect(await refusal(served.conversations.accept(agent, 'g'))).toBe('not_waiting');
    expect(served.published).toEqual([]);
  });

  it('leave with colleagues remaining: the member leaves, the conversation goes on', async () => {
    const t = setup(row({ status: 'serving' }));
    t.setAgents(2);
    const group = await t.conversations.leave(agent, 'g');
    expect(group).toMatchObject({ status: 'serving' });
    expect(kinds(t.published)).toEqual(['msg', 'gid:member_left', 'gid:group', 'leave', 'agents:queue']);
    expect(t.published[3]).toEqual({ k: 'leave', gid: 'g', uid: 2, member: { uid: 2, uname: 'Ann' } });
  });

  it('the last agent leaving ends it: last message, ended, the queue change, then unsubscribe', async () => {
    const t = setup(row({ status: 'serving' }));
    const group = await t.conversations.leave(agent, 'g');
    expect(group).toMatchObject({ status: 'ended', endReason: 'agent_ended', agents: [] });
    expect(kinds(t.published)).toEqual(['msg', 'gid:ended', 'agents:queue', 'end']);
    expect(t.published[1]).toMatchObject({ frame: { type: 'ended', reason: 'agent_ended', at: NOW } });
    expect(t.published[0]).toMatchObject({ m: { content: message('chatEndedByAgent', 'en') } });
  });

  it("leave passes on the repository's refusal", async () => {
    expect(await refusal(setup(null).conversations.leave(agent, 'g'))).toBe('unknown_gid');
  });

  it('invite refuses oneself, non-admins, admins offline; an invitee keeps their old read cursor', async () => {
    const t = setup(row({ status: 'serving' }));
    expect(await refusal(t.conversations.invite(agent, 'g', 2))).toBe('already_member');
    expect(await refusal(t.conversations.invite(agent, 'g', 4))).toBe('invitee_not_admin');
    expect(await refusal(t.conversations.invite(agent, 'g', 99))).toBe('invitee_not_admin');
    expect(t.published).toEqual([]);
    await t.conversations.invite(agent, 'g', 3);
    expect(kinds(t.published)).toEqual(['join', 'msg', 'gid:member_joined', 'gid:group', 'agents:queue']);
    // The account stands in for an empty display name.
    expect(t.published[2]).toMatchObject({ frame: { member: { uid: 3, uname: 'bo' }, invitedBy: { uid: 2, uname: 'Ann' } } });
    expect(t.published[0]).toMatchObject({ uid: 3, readSeq: 4 });
    expect(await refusal(setup(row({ status: 'ended' })).conversations.invite(agent, 'g', 3))).toBe('ended');
  });

  it('invite refuses an admin who is offline', async () => {
    const t = setup(row({ status: 'serving' }));
    vi.mocked(t.repo.invite).mockClear();
    const offline = createConversations({
      repo: t.repo,
      bus: { publish: () => undefined },
      presence: { isOnline: async () => false },
      account: { getUser: async () => ({ id: 3, account: 'bo', name: 'Bo', admin: true }) as TUser },
      groups: { groupOf: async () => ({}) as never },
      queue: createSerialQueue(),
      clock: { now: () => NOW },
    });
    expect(await refusal(offline.invite(agent, 'g', 3))).toBe('admin_offline');
    expect(t.repo.invite).not.toHaveBeenCalled();
  });

  it('the buyer ends it: only their own, only a buyer, quietly when already over', async () => {
    expect(await refusal(setup().conversations.endByBuyer(agent, 'g', 'x'))).toBe('not_buyer');
    expect(await refusal(setup(null).conversations.endByBuyer(buyer, 'g', 'x'))).toBe('unknown_gid');
    expect(await refusal(setup(row({ buyerId: 9 })).conversations.endByBuyer(buyer, 'g', 'x'))).toBe('forbidden_gid');
    const over = setup(row({ status: 'ended' }));
    await over.conversations.endByBuyer(buyer, 'g', 'inactivity_timeout');
    expect(over.repo.end).not.toHaveBeenCalled();

    const timedOut = setup();
    await timedOut.conversations.endByBuyer(buyer, 'g', 'inactivity_timeout');
    expect(timedOut.current).toMatchObject({ status: 'ended', endReason: 'inactivity_timeout' });
    expect(timedOut.stored[0]!.content).toBe(message('chatEndedInactive', 'en'));
    const closed = setup();
    await closed.conversations.endByBuyer(buyer, 'g', 'anything else');
    expect(closed.current).toMatchObject({ endReason: 'user_ended' });
    expect(closed.stored[0]!.content).toBe(message('chatEndedByUser', 'en'));
    expect(kinds(closed.published)).toEqual(['msg', 'gid:ended', 'agents:queue', 'end']);
  });

  it('end is a no-op (null) when there is nothing to end, and passes idleSince on', async () => {
    const t = setup(row({ status: 'ended' }));
    const since = new Date(1);
    expect(await t.conversations.end('g', 'inactivity_timeout', since)).toBeNull();
    expect(t.repo.end).toHaveBeenCalledWith('g', 'inactivity_timeout', new Date(NOW), expect.any(Function), since);
    expect(t.published).toEqual([]);
  });
});
