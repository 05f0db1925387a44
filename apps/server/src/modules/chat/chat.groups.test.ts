import { describe, expect, it, vi } from 'vitest';
import type { ChatClock } from './chat.context.js';
import { createChatGroups, toGroup, type ChatGroupsDeps } from './chat.groups.js';
import type { ConversationRow } from './chat.repository.js';

const row = (over: Partial<ConversationRow> = {}): ConversationRow => ({
  gid: 'g1',
  buyerId: 1,
  buyerName: 'Mei',
  language: 'zh',
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

function setup(rows: ConversationRow[] = [row()], members: { gid: string; uid: number }[] = []) {
  const clock: ChatClock = { now: () => 61_000 };
  const repo: ChatGroupsDeps['repo'] = {
    agentsOf: vi.fn(async (gids: string[]) => new Map(gids.map((gid) => [gid, gid === 'g1' ? [{ uid: 2, uname: 'Ann' }] : []]))),
    findConversation: vi.fn(async (gid: string) => rows.find((r) => r.gid === gid)),
    isActiveMember: vi.fn(async (gid: string, uid: number) => members.some((m) => m.gid === gid && m.uid === uid)),
    listByStatus: vi.fn(async (status: 'waiting' | 'serving') => rows.filter((r) => r.status === status)),
    listOpenForUser: vi.fn(async () => rows.filter((r) => r.status !== 'ended')),
    servingCounts: vi.fn(async (uids: number[]) => new Map(uids.filter((u) => u === 3).map((u) => [u, 2]))),
  };
  const presence = {
    onlineAgents: vi.fn(async () => [
      { uid: 3, uname: 'Bo' },
      { uid: 2, uname: 'Ann' },
    ]),
  };
  return { repo, groups: createChatGroups({ repo, presence, clock }) };
}

describe('toGroup', () => {
  it('waits until now while waiting, until accepted (or ended) after', () => {
    expect(toGroup(row(), [], 4_000)).toEqual({
      gid: 'g1',
      uid: 1,
      uname: 'Mei',
      language: 'zh',
      status: 'waiting',
      createdAt: 1_000,
      acceptedAt: null,
      endedAt: null,
      endReason: null,
      waitingMs: 3_000,
      lastSeq: 1,
      agents: [],
    });
    expect(toGroup(row({ status: 'serving', acceptedAt: new Date(2_500) }), [], 9_000).waitingMs).toBe(1_500);
    expect(toGroup(row({ status: 'ended', endedAt: new Date(1_200), endReason: 'inactivity_timeout' }), [], 9_000)).toMatchObject({
      waitingMs: 200,
      endedAt: 1_200,
      endReason: 'inactivity_timeout',
    });
    // A clock behind the row never makes a negative wait; unknown languages read as zh.
    expect(toGroup(row({ language: 'xx' }), [], 0)).toMatchObject({ waitingMs: 0, language: 'zh' });
  });
});

describe('groups', () => {
  it('shows conversations with their agents, by the chat clock, in one agents query per list', async () => {
    const { repo, groups } = setup([row(), row({ gid: 'g2', status: 'serving', acceptedAt: new Date(2_000) })]);
    expect(await groups.getGroup('g1')).toMatchObject({ gid: 'g1', agents: [{ uid: 2, uname: 'Ann' }], waitingMs: 60_000 });
    expect(await groups.getGroup('nope')).toBeNull();
    expect((await groups.listWaiting()).map((g) => g.gid)).toEqual(['g1']);
    expect((await groups.listServing()).map((g) => g.gid)).toEqual(['g2']);
    vi.mocked(repo.agentsOf).mockClear();
    expect((await groups.listJoined(1)).map((g) => g.gid)).toEqual(['g1', 'g2']);
    expect(repo.agentsOf).toHaveBeenCalledTimes(1);
  });

  it('lists online admins by uid with how many conversations each serves', async () => {
    const { groups } = setup();
    expect(await groups.onlineAgents()).toEqual([
      { uid: 2, uname: 'Ann', serving: 0 },
      { uid: 3, uname: 'Bo', serving: 2 },
    ]);
  });

  it('says why a user may not use a conversation', async () => {
    const { groups } = setup([row(), row({ gid: 'done', status: 'ended' })], [{ gid: 'g1', uid: 1 }]);
    expect(await groups.classify('missing', 1)).toBe('unknown_gid');
    expect(await groups.classify('done', 1)).toBe('ended');
    expect(await groups.classify('g1', 9)).toBe('forbidden_gid');
    expect(await groups.classify('g1', 1)).toBe('internal');
    expect(await groups.refusal('g1', 1)).toBe('forbidden_gid');
    expect(await groups.refusal('done', 1)).toBe('ended');
  });
});
