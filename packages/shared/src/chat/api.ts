import { z } from 'zod';
import { ZLocale } from '../i18n/locale.schema.js';

/** Chat API (docs/requirements.md, API, Chat API): the shapes of /api/groups/*. Times are epoch milliseconds. */

export const CHAT_GROUP_STATUSES = ['waiting', 'serving', 'ended'] as const;
export const ZChatGroupStatus = z.enum(CHAT_GROUP_STATUSES);
export type TChatGroupStatus = z.infer<typeof ZChatGroupStatus>;

/**
 * Why a conversation ended: an agent ended it (the last agent left), the buyer was inactive for
 * 5 minutes (told by the server or by the client's user_inactive frame), or the buyer closed it.
 */
export const CHAT_END_REASONS = ['agent_ended', 'inactivity_timeout', 'user_ended'] as const;
export const ZChatEndReason = z.enum(CHAT_END_REASONS);
export type TChatEndReason = z.infer<typeof ZChatEndReason>;

export const ZChatGid = z.uuid();

export const ZChatPerson = z.object({ uid: z.number().int(), uname: z.string() });
export type TChatPerson = z.infer<typeof ZChatPerson>;

/** One conversation as the lists and the join/leave/invite calls return it. */
export const ZChatGroup = z.object({
  gid: ZChatGid,
  /** The buyer. */
  uid: z.number().int(),
  uname: z.string(),
  /** The buyer's chat language. */
  language: ZLocale,
  status: ZChatGroupStatus,
  createdAt: z.number().int(),
  acceptedAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  endReason: ZChatEndReason.nullable(),
  /** How long the buyer waited: until now while waiting, else until an agent accepted (or it ended). */
  waitingMs: z.number().int().nonnegative(),
  /** Sequence number of the newest message; a client that has it is up to date. */
  lastSeq: z.number().int().nonnegative(),
  /** Agents currently in the conversation. */
  agents: z.array(ZChatPerson),
});
export type TChatGroup = z.infer<typeof ZChatGroup>;

/** GET /api/groups/admin: admins with an open chat connection, on any server instance. */
export const ZChatOnlineAgent = ZChatPerson.extend({
  /** Conversations this admin is serving now. */
  serving: z.number().int().nonnegative(),
});
export type TChatOnlineAgent = z.infer<typeof ZChatOnlineAgent>;

export const ZChatGidBody = z.object({ gid: ZChatGid });
export type TChatGidBody = z.infer<typeof ZChatGidBody>;

export const ZChatInviteBody = z.object({ gid: ZChatGid, uid: z.number().int().positive() });
export type TChatInviteBody = z.infer<typeof ZChatInviteBody>;
