import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TLocale } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { chatConversations, chatMessages, chatTranslations } from '../../db/schema/index.js';

export type BuyerConversationRow = Pick<typeof chatConversations.$inferSelect, 'gid' | 'status' | 'createdAt' | 'endedAt' | 'lastSeq'>;
export type BuyerMessageRow = Pick<typeof chatMessages.$inferSelect, 'gid' | 'seq' | 'kind' | 'content' | 'image' | 'senderId' | 'senderName' | 'createdAt'> & {
  translation: string | null;
};

/** A buyer's past conversations read back by staff (the customers page; read-only). */
export function createChatBuyersRepository(db: Db) {
  return {
    /** The buyer's latest conversations, newest first. */
    conversations(buyerId: number, limit: number): Promise<BuyerConversationRow[]> {
      return db
        .select({
          gid: chatConversations.gid,
          status: chatConversations.status,
          createdAt: chatConversations.createdAt,
          endedAt: chatConversations.endedAt,
          lastSeq: chatConversations.lastSeq,
        })
        .from(chatConversations)
        .where(eq(chatConversations.buyerId, buyerId))
        .orderBy(desc(chatConversations.createdAt))
        .limit(limit);
    },
    /** The last `perConversation` messages of each conversation, oldest first, with the stored translation into `locale`. */
    async lastMessages(conversations: BuyerConversationRow[], perConversation: number, locale: TLocale): Promise<BuyerMessageRow[]> {
      if (!conversations.length) return [];
      const since = sql`case ${chatMessages.gid} ${sql.join(
        conversations.map((c) => sql`when ${c.gid}::uuid then ${Math.max(0, c.lastSeq - perConversation)}::int`),
        sql` `,
      )} end`;
      return db
        .select({
          gid: chatMessages.gid,
          seq: chatMessages.seq,
          kind: chatMessages.kind,
          content: chatMessages.content,
          image: chatMessages.image,
          senderId: chatMessages.senderId,
          senderName: chatMessages.senderName,
          createdAt: chatMessages.createdAt,
          translation: chatTranslations.text,
        })
        .from(chatMessages)
        .leftJoin(
          chatTranslations,
          and(eq(chatTranslations.gid, chatMessages.gid), eq(chatTranslations.seq, chatMessages.seq), eq(chatTranslations.language, locale)),
        )
        .where(
          and(
            inArray(
              chatMessages.gid,
              conversations.map((c) => c.gid),
            ),
            gt(chatMessages.seq, since),
          ),
        )
        .orderBy(chatMessages.gid, chatMessages.seq);
    },
  };
}
export type ChatBuyersRepository = ReturnType<typeof createChatBuyersRepository>;
