import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChatBuyer, TChatGroup, TChatOnlineAgent } from '@cubeshop/shared';
import { chatApi, type ApiBody } from '@/lib/api';
import { refreshAfterWrite } from '@/lib/query-client';

/** Chat API (docs/chat.md "Chat API"): the admin console's lists and actions. */

export const chatGroupKeys = {
  all: ['chat-groups'] as const,
  waiting: ['chat-groups', 'waiting'] as const,
  serving: ['chat-groups', 'serving'] as const,
  admins: ['chat-groups', 'admins'] as const,
};

export const waitingQuery = () =>
  queryOptions({
    queryKey: chatGroupKeys.waiting,
    queryFn: ({ signal }): Promise<TChatGroup[]> => chatApi.GET('/api/groups/waiting', { signal, silent: true }),
    refetchInterval: 30_000,
  });

export const servingQuery = () =>
  queryOptions({
    queryKey: chatGroupKeys.serving,
    queryFn: ({ signal }): Promise<TChatGroup[]> => chatApi.GET('/api/groups/serving', { signal, silent: true }),
    refetchInterval: 30_000,
  });

/** GET /api/groups/{gid}/buyer: the served buyer's name and latest orders (404 unless the caller serves the conversation). */
export const buyerQuery = (gid: string) =>
  queryOptions({
    queryKey: [...chatGroupKeys.all, gid, 'buyer'] as const,
    queryFn: ({ signal }): Promise<TChatBuyer> => chatApi.GET('/api/groups/{gid}/buyer', { params: { path: { gid } }, signal, silent: true }),
    staleTime: 30_000,
  });

export const onlineAgentsQuery = () =>
  queryOptions({
    queryKey: chatGroupKeys.admins,
    queryFn: ({ signal }): Promise<TChatOnlineAgent[]> => chatApi.GET('/api/groups/admin', { signal }),
    staleTime: 0,
  });

function useGroupAction<B>(send: (body: B) => Promise<TChatGroup>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => refreshAfterWrite(queryClient, chatGroupKeys.all),
  });
}

/** POST /api/groups/join {gid}: accept a waiting customer. */
export const useAcceptGroup = () => useGroupAction((body: ApiBody<'post', '/api/groups/join'>) => chatApi.POST('/api/groups/join', { body }));
/** POST /api/groups/leave {gid}: end service (the conversation ends when the caller was the last agent). */
export const useLeaveGroup = () => useGroupAction((body: ApiBody<'post', '/api/groups/leave'>) => chatApi.POST('/api/groups/leave', { body }));
/** POST /api/groups/invite {gid, uid}: bring in another online admin. */
export const useInviteAgent = () => useGroupAction((body: ApiBody<'post', '/api/groups/invite'>) => chatApi.POST('/api/groups/invite', { body }));
