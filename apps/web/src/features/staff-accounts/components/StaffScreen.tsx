import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  DEFAULT_LOCALE,
  STAFF_ROLES,
  ZStaffInvite,
  ZStaffRole,
  type TStaffInvite,
  type TStaffInviteInput,
  type TStaffMember,
  type TStaffRole,
} from '@cubeshop/shared';
import { SelectField, TextField } from '@/components/staff/form-fields';
import { errorText } from '@/components/staff/server-error';
import { FormMessage, StaffForm, useStaffForm } from '@/components/staff/StaffForm';
import { StaffTable, staffColumns } from '@/components/staff/StaffTable';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { getLocale } from '@/lib/locale';
import { useAuthStore } from '@/lib/stores/auth';
import { confirmDialog } from '@/lib/stores/modal';
import { toast } from '@/lib/stores/toast';
import { changeStaff, inviteStaff, resendInvitation, useStaffChange, useStaffList } from '../api/staff';

const NO_STAFF: TStaffMember[] = [];
const col = staffColumns<TStaffMember>();
const ZRoleForm = z.object({ role: ZStaffRole });

/** A time as staff read it in their language (short date and time); '' for none. */
function stamp(iso: string | null, withTime = true): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    getLocale() === 'zh' ? 'zh-CN' : 'en-GB',
    withTime ? { dateStyle: 'short', timeStyle: 'short' } : { dateStyle: 'short' },
  ).format(date);
}

/**
 * Staff accounts (/admin/staff, the owner): every staff member with role, state and last sign-in;
 * invite someone by e-mail with a role and the mail's language; per row change the role, disable
 * or enable the account, or force a password reset, each after a confirmation that says what
 * happens (the person is signed out everywhere at once). The owner's own row offers none of
 * these (the server refuses them too: docs/accounts.md, Staff accounts).
 */
export function StaffScreen() {
  const { t } = useTranslation('staff');
  const me = useAuthStore((s) => s.user?.id ?? null);
  const list = useStaffList();
  const [inviting, setInviting] = useState(false);
  const [roleOf, setRoleOf] = useState<TStaffMember | null>(null);
  const change = useStaffChange(changeStaff);
  const resend = useStaffChange(resendInvitation);
  const rows = list.data?.data ?? NO_STAFF;
  const roleName = (role: TStaffRole) => t(`nav.role.${role}`);

  async function setDisabled(m: TStaffMember, disabled: boolean) {
    const ok = await confirmDialog({
      title: t(disabled ? 'staff.disableTitle' : 'staff.enableTitle', { name: m.name || m.account }),
      message: t(disabled ? 'staff.disableWarning' : 'staff.enableWarning', { account: m.account }),
      confirmButtonText: t(disabled ? 'staff.disableConfirm' : 'staff.enableConfirm'),
      confirmButtonClass: disabled ? 'bg-red-700 hover:bg-red-800' : undefined,
    });
    if (!ok) return;
    change.mutate(
      { id: m.id, change: { disabled } },
      {
        onSuccess: () => toast.success(t(disabled ? 'staff.disabledDone' : 'staff.enabledDone', { name: m.name || m.account })),
        onError: (err) => toast.error(errorText(err)),
      },
    );
  }

  async function resetPassword(m: TStaffMember) {
    const ok = await confirmDialog({
      title: t('staff.resetTitle', { name: m.name || m.account }),
      message: t('staff.resetWarning', { account: m.account, email: m.email ?? '' }),
      confirmButtonText: t('staff.resetConfirm'),
    });
    if (!ok) return;
    change.mutate(
      { id: m.id, change: { resetPassword: true } },
      { onSuccess: () => toast.success(t('staff.resetDone', { email: m.email ?? '' })), onError: (err) => toast.error(errorText(err)) },
    );
  }

  /** Someone invited who has not set a password: the invitation again (the older link stops working). */
  function resendInvite(m: TStaffMember) {
    resend.mutate(m.id, { onSuccess: () => toast.success(t('staff.resendDone', { email: m.email ?? '' })), onError: (err) => toast.error(errorText(err)) });
  }

  // The row buttons act through this (the columns stay the same while the screen changes).
  const act = useRef({ setDisabled, resetPassword, resendInvite, setRoleOf });
  act.current = { setDisabled, resetPassword, resendInvite, setRoleOf };
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('account', {
          header: t('staff.col.account'),
          enableHiding: false,
          meta: { className: 'font-medium' },
          // A long account (an invited e-mail) is cut with its full text on hover, its badges wrap
          // under it; on phones the name and role (their columns hidden) are a line below.
          cell: ({ row: { original: m } }) => (
            <>
              <span className="inline-block max-w-[9rem] truncate align-bottom sm:max-w-[12rem]" title={m.account}>
                {m.account}
              </span>
              {m.id === me ? <span className="ml-1.5 rounded bg-brand-50 px-1 text-xs whitespace-nowrap text-brand-700">{t('staff.you')}</span> : null}
              {m.disabledTime ? <span className="ml-1.5 rounded bg-red-100 px-1 text-xs whitespace-nowrap text-red-800">{t('staff.disabled')}</span> : null}
              {!m.passwordSet && !m.disabledTime ? (
                <span className="ml-1.5 rounded bg-amber-100 px-1 text-xs whitespace-nowrap text-amber-900">{t('staff.pending')}</span>
              ) : null}
              <span className="flex max-w-[9rem] gap-1 text-xs font-normal text-gray-600 sm:hidden">
                {m.name ? (
                  <>
                    <span className="min-w-0 truncate">{m.name}</span>
                    <span aria-hidden="true">·</span>
                  </>
                ) : null}
                <span className="shrink-0">{roleName(m.role)}</span>
              </span>
            </>
          ),
        }),
        col.accessor('name', {
          header: t('staff.col.name'),
          meta: { from: 'sm' },
          cell: (c) => (
            <span className="inline-block max-w-[10rem] truncate align-bottom" title={c.getValue()}>
              {c.getValue()}
            </span>
          ),
        }),
        col.accessor('email', {
          header: t('staff.col.email'),
          meta: { from: 'xl', className: 'text-gray-700' },
          cell: (c) => (
            <span className="inline-block max-w-[12rem] truncate align-bottom" title={c.getValue() ?? ''}>
              {c.getValue() ?? ''}
            </span>
          ),
        }),
        col.accessor('role', { header: t('staff.col.role'), meta: { from: 'sm', className: 'whitespace-nowrap' }, cell: (c) => roleName(c.getValue()) }),
        col.accessor('locale', { header: t('staff.col.language'), meta: { from: 'md' }, cell: (c) => t(`staff.languages.${c.getValue()}`) }),
        col.accessor('lastSigninTime', {
          id: 'lastSignin',
          header: t('staff.col.lastSignin'),
          meta: { from: 'md', className: 'whitespace-nowrap tabular-nums text-gray-700' },
          cell: (c) => stamp(c.getValue()) || t('staff.never'),
        }),
        col.accessor('createdTime', {
          id: 'created',
          header: t('staff.col.created'),
          meta: { from: 'xl', className: 'whitespace-nowrap tabular-nums text-gray-700' },
          cell: (c) => stamp(c.getValue(), false),
        }),
        col.display({
          id: 'actions',
          header: () => <span className="sr-only">{t('staff.col.actions')}</span>,
          cell: ({ row: { original: m } }) => {
            if (m.id === me) return null;
            const who = m.name || m.account;
            return (
              // The buttons wrap onto a second line rather than widen the table past the screen.
              <div className="flex flex-wrap justify-end gap-1">
                <Button size="sm" variant="ghost" onClick={() => act.current.setRoleOf(m)} aria-label={t('staff.changeRoleOf', { name: who })}>
                  {t('staff.changeRole')}
                </Button>
                {m.disabledTime ? (
                  <Button size="sm" variant="ghost" onClick={() => void act.current.setDisabled(m, false)} aria-label={t('staff.enableOf', { name: who })}>
                    {t('staff.enable')}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="text-red-700"
                    onClick={() => void act.current.setDisabled(m, true)}
                    aria-label={t('staff.disableOf', { name: who })}
                  >
                    {t('staff.disable')}
                  </Button>
                )}
                {m.email && !m.disabledTime && !m.passwordSet ? (
                  <Button size="sm" variant="ghost" onClick={() => act.current.resendInvite(m)} aria-label={t('staff.resendOf', { name: who })}>
                    {t('staff.resend')}
                  </Button>
                ) : null}
                {m.email && !m.disabledTime && m.passwordSet ? (
                  <Button size="sm" variant="ghost" onClick={() => void act.current.resetPassword(m)} aria-label={t('staff.resetOf', { name: who })}>
                    {t('staff.reset')}
                  </Button>
                ) : null}
              </div>
            );
          },
        }),
      ]),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- roleName is made from the same t
    [t, me],
  );

  return (
    <section aria-labelledby="staff-title" className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 id="staff-title" className="text-lg font-semibold text-ink">
            {t('staff.title')}
          </h1>
          <p className="text-xs text-gray-600">{t('staff.intro')}</p>
        </div>
        <Button size="sm" onClick={() => setInviting(true)}>
          {t('staff.invite')}
        </Button>
      </div>
      <StaffTable
        label={t('staff.title')}
        testId="staff-table"
        columns={columns}
        rows={rows}
        rowId={(m) => String(m.id)}
        query={list}
        loadFailed={t('staff.loadFailed')}
        empty={t('staff.empty')}
        resetOn={null}
        rowClassName={(m) => m.disabledTime !== null && 'text-gray-500'}
        rowData={(m) => ({ 'data-testid': 'staff-row', 'data-account': m.account })}
      />
      {inviting ? <InviteDialog onClose={() => setInviting(false)} /> : null}
      {roleOf ? <RoleDialog member={roleOf} onClose={() => setRoleOf(null)} /> : null}
    </section>
  );
}

/** The invitation: e-mail, name, role and the mail's language; the server's refusal (an e-mail in use) on its field. */
function InviteDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('staff');
  const invite = useStaffChange(inviteStaff);
  const form = useStaffForm<TStaffInviteInput, TStaffInvite>(ZStaffInvite, { defaultValues: { email: '', name: '', role: 'sales', locale: DEFAULT_LOCALE } });
  useEffect(() => form.setFocus('email'), [form]);

  async function submit(values: TStaffInvite) {
    const member = await invite.mutateAsync(values);
    toast.success(t('staff.invited', { email: member.email ?? values.email }));
    onClose();
  }

  return (
    <Dialog open onClose={onClose} title={t('staff.inviteTitle')}>
      <p className="mt-1 text-sm text-gray-600">{t('staff.inviteHelp')}</p>
      <StaffForm form={form} onSubmit={submit} testId="invite-form" message="placed" className="mt-3 grid gap-2 sm:grid-cols-2">
        <TextField label={t('staff.col.email')} name="email" type="email" autoComplete="off" maxLength={254} wide />
        <TextField label={t('staff.col.name')} name="name" maxLength={50} wide />
        <SelectField label={t('staff.col.role')} name="role" options={STAFF_ROLES.map((r) => [r, t(`nav.role.${r}`)] as const)} />
        <SelectField
          label={t('staff.mailLanguage')}
          name="locale"
          options={[['zh', t('staff.languages.zh')] as const, ['en', t('staff.languages.en')] as const]}
        />
        <FormMessage className="sm:col-span-2" />
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('staff.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
            {t('staff.send')}
          </Button>
        </div>
      </StaffForm>
    </Dialog>
  );
}

/** Another role for a staff member, confirmed in the dialog that says they are signed out at once. */
function RoleDialog({ member, onClose }: { member: TStaffMember; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const change = useStaffChange(changeStaff);
  const form = useStaffForm(ZRoleForm, { defaultValues: { role: member.role } });
  const who = member.name || member.account;

  async function submit({ role }: { role: TStaffRole }) {
    if (role !== member.role) {
      await change.mutateAsync({ id: member.id, change: { role } });
      toast.success(t('staff.roleChanged', { name: who, role: t(`nav.role.${role}`) }));
    }
    onClose();
  }

  return (
    <Dialog open onClose={onClose} title={t('staff.roleTitle', { name: who })} role="alertdialog">
      <StaffForm form={form} onSubmit={submit} testId="role-form" className="mt-3 space-y-3 text-sm">
        <SelectField label={t('staff.col.role')} name="role" options={STAFF_ROLES.map((r) => [r, t(`nav.role.${r}`)] as const)} />
        <p className="text-gray-700">{t('staff.roleWarning', { account: member.account })}</p>
        <div className="flex justify-end gap-2">
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t('staff.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
            {t('staff.roleConfirm')}
          </Button>
        </div>
      </StaffForm>
    </Dialog>
  );
}
