import type { TCustomerChat, TLocale } from '@cubeshop/shared';
import type { ChatBuyersRepository } from './chat.buyers.repository.js';
import { chatImageAddress } from './chat.images.js';

/** How many conversations and messages per conversation a buyer's page shows. */
const CONVERSATIONS = 10;
const MESSAGES_PER_CONVERSATION = 100;

/**
 * A buyer's chat history for staff (the customers page): the latest conversations with their last
 * messages, in the stored translation into the reader's language when there is one. Read-only:
 * nothing is marked read and nobody joins.
 */
export function createChatBuyerHistory(repo: ChatBuyersRepository) {
  return {
    async of(buyerId: number, locale: TLocale): Promise<TCustomerChat[]> {
      const conversations = await repo.conversations(buyerId, CONVERSATIONS);
      const messages = await repo.lastMessages(conversations, MESSAGES_PER_CONVERSATION, locale);
      return conversations.map((c) => ({
        gid: c.gid,
        status: c.status,
        startedTime: c.createdAt.toISOString(),
        endedTime: c.endedAt?.toISOString() ?? null,
        messages: messages
          .filter((m) => m.gid === c.gid)
          .map((m) => ({
            seq: m.seq,
            kind: m.kind,
            content: m.content,
            image: chatImageAddress(c.gid, m.image),
            sender: m.senderName,
            fromBuyer: m.senderId === buyerId,
            time: m.createdAt.toISOString(),
            translation: m.translation,
          })),
      }));
    },
  };
}
export type ChatBuyerHistory = ReturnType<typeof createChatBuyerHistory>;
