import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TStaffChange, TStaffInvite, TStaffList, TStaffMember } from '@cubeshop/shared';
import { api } from '@/lib/api';
import { queryKeys } from '@/lib/query-keys';
import { refreshAfterWrite } from '@/lib/query-client';

/** GET /api/admin/staff: every staff member (owner). */
export function useStaffList() {
  return useQuery({
    queryKey: queryKeys.admin.staff(),
    queryFn: ({ signal }): Promise<TStaffList> => api.GET('/api/admin/staff', { silent: true, signal }),
    staleTime: 5_000,
  });
}

/** POST /api/admin/staff: the account is made and the invitation mailed. */
export const inviteStaff = (body: TStaffInvite): Promise<TStaffMember> => api.POST('/api/admin/staff', { body, silent: true });

/** PUT /api/admin/staff/{id}: role, disabled, forced password reset. */
export const changeStaff = ({ id, change }: { id: number; change: TStaffChange }): Promise<TStaffMember> =>
  api.PUT('/api/admin/staff/{id}', { params: { path: { id } }, body: change, silent: true });

/** POST /api/admin/staff/{id}/invitation: the invitation again (not yet set a password); the older link stops working. */
export const resendInvitation = (id: number): Promise<TStaffMember> => api.POST('/api/admin/staff/{id}/invitation', { params: { path: { id } }, silent: true });

/** A change to the staff; afterwards the list loads again. */
export function useStaffChange<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => void refreshAfterWrite(client, queryKeys.admin.staff()) });
}
