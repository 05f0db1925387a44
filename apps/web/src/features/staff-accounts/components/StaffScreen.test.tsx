import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffChange, TStaffInvite, TStaffMember } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { BUYER } from '@/test/msw/fixtures';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { StaffScreen } from './StaffScreen';

const member = (id: number, account: string, extra: Partial<TStaffMember> = {}): TStaffMember => ({
  id,
  account,
  name: account.split('@')[0]!,
  email: account.includes('@') ? account : null,
  role: 'sales',
  locale: 'en',
  disabledTime: null,
  passwordSet: true,
  lastSigninTime: '2026-03-02T08:30:00.000Z',
  createdTime: '2026-01-05T09:00:00.000Z',
  ...extra,
});

/** A small fake of the staff API: the list, and what was sent. */
function serve() {
  const staff = [
    member(1, 'boss@example.com', { role: 'owner', name: 'Boss' }),
    member(2, 'ann@example.com', { name: 'Ann' }),
    member(3, 'wu@example.com', { name: 'Wu', role: 'warehouse', locale: 'zh', disabledTime: '2026-03-01T00:00:00.000Z' }),
  ];
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('/api/admin/staff', () => HttpResponse.json({ data: staff })),
    http.post('/api/admin/staff', async ({ request }) => {
      const body = (await request.json()) as TStaffInvite;
      sent.push({ method: 'POST', url: request.url, body });
      if (body.email === 'taken@example.com')
        return HttpResponse.json(
          { code: 'CONFLICT', desc: 'This e-mail already belongs to an account and cannot be invited; use another address', details: { field: 'email' } },
          { status: 409 },
        );
      const made = member(4, body.email, { name: body.name, role: body.role, locale: body.locale ?? 'zh', passwordSet: false, lastSigninTime: null });
      staff.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put('/api/admin/staff/:id', async ({ request, params }) => {
      const body = (await request.json()) as TStaffChange;
      sent.push({ method: 'PUT', url: String(params.id), body });
      const m = staff.find((s) => s.id === Number(params.id))!;
      if (body.role) m.role = body.role;
      if (body.disabled !== undefined) m.disabledTime = body.disabled ? '2026-03-03T00:00:00.000Z' : null;
      if (body.resetPassword) m.passwordSet = false;
      return HttpResponse.json(m);
    }),
  );
  return sent;
}

const rowOf = async (account: string) => (await screen.findAllByTestId('staff-row')).find((r) => r.getAttribute('data-account') === account)!;

beforeEach(async () => {
  resetSession();
  signIn({ ...BUYER, id: 1, account: 'boss@example.com', name: 'Boss', admin: true, role: 'owner' });
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff', 'common']);
});

describe('StaffScreen', { timeout: 20_000 }, () => {
  it("lists the staff with role names, state and last sign-in; the owner's own row has no actions", async () => {
    serve();
    renderScreen(<StaffScreen />, { path: '/admin/staff' });
    const boss = await rowOf('boss@example.com');
    expect(boss).toHaveTextContent('You');
    expect(boss).toHaveTextContent('Owner');
    expect(within(boss).queryByRole('button')).toBeNull();
    const ann = await rowOf('ann@example.com');
    expect(ann).toHaveTextContent('Sales');
    expect(ann).not.toHaveTextContent('sales');
    expect(within(ann).getByRole('button', { name: 'Disable Ann' })).toBeInTheDocument();
    const wu = await rowOf('wu@example.com');
    expect(wu).toHaveTextContent('Warehouse');
    expect(wu).toHaveTextContent('Disabled');
    expect(within(wu).getByRole('button', { name: 'Enable Wu' })).toBeInTheDocument();
  });

  it('invites by e-mail with role and mail language, and shows a refusal on the e-mail field', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<StaffScreen />, { path: '/admin/staff' });
    await user.click(await screen.findByRole('button', { name: 'Invite staff member' }));
    const form = await screen.findByTestId('invite-form');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findAllByRole('alert')).not.toHaveLength(0);
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('E-mail'), 'taken@example.com');
    await user.type(within(form).getByLabelText('Name'), 'Li');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(/already belongs to an account/)).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'li@example.com');
    await user.selectOptions(within(form).getByLabelText('Role'), 'Customer service');
    await user.selectOptions(within(form).getByLabelText('Language of the mail'), 'English');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ method: 'POST', body: { email: 'li@example.com', name: 'Li', role: 'service', locale: 'en' } }));
    expect(await screen.findByText('Invitation sent to li@example.com.')).toBeInTheDocument();
    expect(await rowOf('li@example.com')).toHaveTextContent('No password yet');
  });

  it('disables, changes the role and forces a reset only after a confirmation that says what happens', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderScreen(<StaffScreen />, { path: '/admin/staff' });

    await user.click(within(await rowOf('ann@example.com')).getByRole('button', { name: 'Disable Ann' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('signed out everywhere at once');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
    await user.click(within(await rowOf('ann@example.com')).getByRole('button', { name: 'Disable Ann' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', url: '2', body: { disabled: true } }]));
    expect(await within(await rowOf('ann@example.com')).findByRole('button', { name: 'Enable Ann' })).toBeInTheDocument();

    await user.click(within(await rowOf('wu@example.com')).getByRole('button', { name: 'Change the role of Wu' }));
    const roleForm = await screen.findByTestId('role-form');
    expect(roleForm).toHaveTextContent('signs in again with the new role');
    await user.selectOptions(within(roleForm).getByLabelText('Role'), 'Catalog');
    await user.click(within(roleForm).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'PUT', url: '3', body: { role: 'catalog' } }));
    expect(await rowOf('wu@example.com')).toHaveTextContent('Catalog');

    await user.click(within(await rowOf('wu@example.com')).getByRole('button', { name: 'Enable Wu' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enable' }));
    // A disabled account has no reset; enabled again, it has.
    const reset = await within(await rowOf('wu@example.com')).findByRole('button', { name: 'Force a password reset for Wu' });
    await user.click(reset);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('A link to set a new password is mailed to wu@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'PUT', url: '3', body: { resetPassword: true } }));
    expect(await screen.findByText('A link to set a new password was mailed to wu@example.com.')).toBeInTheDocument();
  });
});

describe('StaffScreen: the invitation again', { timeout: 20_000 }, () => {
  it('offers it (not a reset) to someone who has not set a password, sends it and says so; a refusal is shown', async () => {
    const sent = serve();
    const pending = member(5, 'zhao@example.com', { name: 'Zhao', passwordSet: false, lastSigninTime: null });
    let refuse = false;
    server.use(
      http.get('/api/admin/staff', () =>
        HttpResponse.json({ data: [member(1, 'boss@example.com', { role: 'owner', name: 'Boss' }), member(2, 'ann@example.com', { name: 'Ann' }), pending] }),
      ),
      http.post('/api/admin/staff/:id/invitation', ({ params }) => {
        sent.push({ method: 'POST', url: String(params.id), body: null });
        if (refuse) {
          return HttpResponse.json(
            {
              code: 'CONFLICT',
              desc: 'This staff member has already set a password, so there is no invitation to resend; use "Force a password reset" instead',
            },
            { status: 409 },
          );
        }
        return HttpResponse.json(pending);
      }),
    );
    const user = userEvent.setup();
    renderScreen(<StaffScreen />, { path: '/admin/staff' });
    const zhao = await rowOf('zhao@example.com');
    expect(zhao).toHaveTextContent('No password yet');
    expect(within(zhao).queryByRole('button', { name: 'Force a password reset for Zhao' })).toBeNull();
    // Someone with a password is offered the reset, not the invitation.
    const ann = await rowOf('ann@example.com');
    expect(within(ann).queryByRole('button', { name: 'Resend the invitation to Ann' })).toBeNull();
    expect(within(ann).getByRole('button', { name: 'Force a password reset for Ann' })).toBeInTheDocument();

    await user.click(within(zhao).getByRole('button', { name: 'Resend the invitation to Zhao' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({ method: 'POST', url: '5', body: null }));
    expect(await screen.findByText('The invitation was mailed to zhao@example.com again; the earlier link no longer works.')).toBeInTheDocument();

    refuse = true;
    await user.click(within(await rowOf('zhao@example.com')).getByRole('button', { name: 'Resend the invitation to Zhao' }));
    expect(await screen.findByText(/already set a password, so there is no invitation to resend/)).toBeInTheDocument();
  });

  it('names the action in Chinese', async () => {
    serve();
    server.use(http.get('/api/admin/staff', () => HttpResponse.json({ data: [member(5, 'zhao@example.com', { name: '赵', passwordSet: false })] })));
    await i18n.changeLanguage('zh');
    try {
      await i18n.loadNamespaces(['staff', 'common']);
      renderScreen(<StaffScreen />, { path: '/admin/staff' });
      const zhao = await rowOf('zhao@example.com');
      expect(within(zhao).getByRole('button', { name: '向 赵 重发邀请' })).toHaveTextContent('重发邀请');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
