import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TChatGroup } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Spinner } from '@/components/ui/Spinner';
import { toast } from '@/lib/stores/toast';
import { onlineAgentsQuery, useInviteAgent } from '../api/groups';

/** Invite an online admin into a conversation (GET /api/groups/admin, POST /api/groups/invite). */
export function InviteDialog({ group, myUid, onClose }: { group: TChatGroup | null; myUid: number | null; onClose: () => void }) {
  const { t } = useTranslation('staff', { keyPrefix: 'cs' });
  const admins = useQuery({ ...onlineAgentsQuery(), enabled: group !== null });
  const invite = useInviteAgent();
  const candidates = (admins.data ?? []).filter((a) => a.uid !== myUid && !group?.agents.some((g) => g.uid === a.uid));

  return (
    <Dialog open={group !== null} onClose={onClose} title={t('inviteTitle')}>
      <div className="mt-3">
        {admins.isPending ? (
          <Spinner />
        ) : admins.isError ? (
          <p className="text-sm text-red-700">{t('loadFailed')}</p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-gray-600">{t('noAgents')}</p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {candidates.map((admin) => (
              <li key={admin.uid} className="flex items-center justify-between gap-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-ink">{admin.uname}</span>
                  <span className="text-xs text-gray-500">{t('adminServing', { count: admin.serving })}</span>
                </span>
                <Button
                  size="sm"
                  disabled={invite.isPending}
                  onClick={() =>
                    group &&
                    invite.mutate(
                      { gid: group.gid, uid: admin.uid },
                      {
                        onSuccess: () => {
                          toast.success(t('invited', { name: admin.uname }));
                          onClose();
                        },
                      },
                    )
                  }
                >
                  {t('invite')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
