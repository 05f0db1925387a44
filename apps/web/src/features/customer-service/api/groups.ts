import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatBuyer, TChatGroup, TChatOnlineAdmin } from '@cubeshop/shared';
import { chatApi } from '@/lib/api-client';
import { refreshAfterWrite } from '@/lib/query-client';

/** Chat API (docs/chat.md "Chat API"): the admin console's lists and actions. */

export const chatGroupKeys = {
  all: ['chat-groups'] as const,
  waiting: ['chat-groups', 'waiting'] as const,
  serving: ['chat-groups', 'serving'] as const,
  admins: ['chat-groups', 'admins'] as const,
};

export const waitingQuery = () =>
  queryOptions({ queryKey: chatGroupKeys.waiting, queryFn: ({ signal }) => chatApi.get<TChatGroup[]>('/api/groups/waiting', { signal, silent: true }), refetchInterval: 30_000 });

export const servingQuery = () =>
  queryOptions({ queryKey: chatGroupKeys.serving, queryFn: ({ signal }) => chatApi.get<TChatGroup[]>('/api/groups/serving', { signal, silent: true }), refetchInterval: 30_000 });

/** GET /api/groups/{gid}/buyer: the served buyer's name and latest orders (404 unless the caller serves the conversation). */
export const buyerQuery = (gid: string) =>
  queryOptions({ queryKey: [...chatGroupKeys.all, gid, 'buyer'] as const, queryFn: ({ signal }) => chatApi.get<TChatBuyer>(`/api/groups/${gid}/buyer`, { signal, silent: true }), staleTime: 30_000 });

export const onlineAdminsQuery = () =>
  queryOptions({ queryKey: chatGroupKeys.admins, queryFn: ({ signal }) => chatApi.get<TChatOnlineAdmin[]>('/api/groups/admin', { signal }), staleTime: 0 });

function useGroupAction<TBody>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => chatApi.post<TChatGroup>(path, body),
    onSettled: () => refreshAfterWrite(queryClient, chatGroupKeys.all),
  });
}

/** POST /api/groups/join {gid}: accept a waiting customer. */
export const useAcceptGroup = () => useGroupAction<{ gid: string }>('/api/groups/join');
/** POST /api/groups/leave {gid}: end service (the conversation ends when the caller was the last agent). */
export const useLeaveGroup = () => useGroupAction<{ gid: string }>('/api/groups/leave');
/** POST /api/groups/invite {gid, uid}: bring in another online admin. */
export const useInviteAdmin = () => useGroupAction<{ gid: string; uid: number }>('/api/groups/invite');
