import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ZCustomerGroupInput, type TCustomerGroup, type TCustomerGroupInput } from '@cubeshop/shared';
import { Button } from '@/components/ui/Button';
import { api } from '@/lib/api';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen } from '@/test/render';
import { NumberField, TextField } from './form-fields';
import { StaffForm, useStaffForm } from './StaffForm';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff']);
});

/** A staff form on a shared schema, sent to an API that refuses as the server does. */
function GroupForm({ onSaved }: { onSaved: (group: TCustomerGroup) => void }) {
  const form = useStaffForm(ZCustomerGroupInput, { defaultValues: { code: '', nameZh: '', nameEn: '', discountPercent: 0, position: 0, isDefault: false } });
  return (
    <StaffForm
      form={form}
      title="Customer group"
      testId="group-form"
      onSubmit={async (values) => onSaved(await api.POST('/api/admin/customer-groups', { body: values, silent: true }))}
    >
      <TextField label="Code" name="code" />
      <TextField label="Name (Chinese)" name="nameZh" />
      <TextField label="Name (English)" name="nameEn" />
      <NumberField label="Discount %" name="discountPercent" />
      <Button type="submit">Save</Button>
    </StaffForm>
  );
}

/** What the fake API answers for each code: the shapes of plugins/errors.ts (a domain rule, a route schema, a conflict with no field, no answer). */
function serve(sent: unknown[]) {
  server.use(
    http.post('/api/admin/customer-groups', async ({ request }) => {
      const body = (await request.json()) as TCustomerGroupInput;
      sent.push(body);
      if (body.code === 'taken')
        return HttpResponse.json(
          { code: 'CONFLICT', desc: 'The code taken is used by another group', details: { field: 'code', rule: 'unique' } },
          { status: 409 },
        );
      if (body.code === 'long')
        return HttpResponse.json({ code: 'BAD_REQUEST', desc: 'Invalid body.nameEn: Too big', details: { field: 'body.nameEn' } }, { status: 400 });
      if (body.code === 'busy') return HttpResponse.json({ code: 'CONFLICT', desc: 'Another change was saved first; load the page again' }, { status: 409 });
      if (body.code === 'offline') return HttpResponse.error();
      return HttpResponse.json(body, { status: 201 });
    }),
  );
}

async function fill(user: ReturnType<typeof userEvent.setup>, code: string) {
  const form = screen.getByTestId('group-form');
  await user.clear(within(form).getByLabelText('Code'));
  await user.type(within(form).getByLabelText('Code'), code);
  await user.clear(within(form).getByLabelText('Name (Chinese)'));
  await user.type(within(form).getByLabelText('Name (Chinese)'), '批发');
  await user.clear(within(form).getByLabelText('Name (English)'));
  await user.type(within(form).getByLabelText('Name (English)'), 'Wholesale');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
}

describe('StaffForm', { timeout: 20_000 }, () => {
  it('checks the shared rules before sending: the rule sentence under each field, nothing sent', async () => {
    const sent: unknown[] = [];
    serve(sent);
    const user = userEvent.setup();
    renderScreen(<GroupForm onSaved={() => undefined} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    const code = screen.getByLabelText('Code');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('This field is required');
    expect(screen.getByRole('form', { name: 'Customer group' })).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('puts a server refusal on the field it names (with or without the body. prefix) and focuses it', async () => {
    const sent: unknown[] = [];
    serve(sent);
    const user = userEvent.setup();
    renderScreen(<GroupForm onSaved={() => undefined} />);
    await screen.findByTestId('group-form');
    await fill(user, 'taken');
    const code = screen.getByLabelText('Code');
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code taken is used by another group'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();
    expect(screen.queryByTestId('form-message')).toBeNull();

    await fill(user, 'long');
    await waitFor(() => expect(screen.getByLabelText('Name (English)')).toHaveAccessibleDescription('Invalid body.nameEn: Too big'));
    // The code's refusal went with the edit that fixed it.
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(2);
  });

  it("shows a refusal that names no field, or a failure with no answer, over the form in the user's language", async () => {
    const sent: unknown[] = [];
    serve(sent);
    const saved: unknown[] = [];
    const user = userEvent.setup();
    renderScreen(<GroupForm onSaved={(g) => saved.push(g)} />);
    await screen.findByTestId('group-form');
    await fill(user, 'busy');
    expect(await screen.findByTestId('form-message')).toHaveTextContent('Another change was saved first; load the page again');

    await fill(user, 'offline');
    await waitFor(() => expect(screen.getByTestId('form-message')).toHaveTextContent(i18n.t('common:errors.network')));

    await fill(user, 'wholesale');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(screen.queryByTestId('form-message')).toBeNull();
    expect(saved[0]).toMatchObject({ code: 'wholesale', nameEn: 'Wholesale', discountPercent: 0 });
  });
});
