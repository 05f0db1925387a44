import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { zodResolver } from '@hookform/resolvers/zod';
import { http, HttpResponse } from 'msw';
import { useForm } from 'react-hook-form';
import i18n from '@/lib/i18n';
import { calls, server } from '@/test/msw/server';
import type { TContactMode } from '../../lib/register-type';
import { codeLoginSchema, type CodeFormValues } from '../../schemas';
import { resetSession } from '../../test/helpers';
import { ContactInput } from '../ContactInput';
import { CodeField } from './CodeField';

/** A code form like the login's, with a switch between e-mail and mobile like the register's tabs. */
function CodeForm() {
  const [mode, setMode] = useState<TContactMode>('email');
  const form = useForm<CodeFormValues>({
    resolver: zodResolver(codeLoginSchema),
    mode: 'onBlur',
    defaultValues: { mode: 'email', email: '', mobile: '', otp: '' },
  });
  const other: TContactMode = mode === 'email' ? 'mobile' : 'email';
  return (
    <form noValidate>
      <button
        type="button"
        onClick={() => {
          form.setValue('mode', other);
          setMode(other);
        }}
      >
        Use {other}
      </button>
      <ContactInput key={mode} mode={mode} input={form.register(mode)} error={form.formState.errors[mode]?.message} />
      <CodeField form={form} purpose="signin" mode={mode} label="Verification code" />
    </form>
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces('account');
});
beforeEach(() => {
  resetSession();
  server.use(http.get('/api/authn/signin/code', () => HttpResponse.json({ ok: true, resendAfter: 60, expiresIn: 600 })));
});

describe('one-time code field', () => {
  it('checks the address first: a wrong one gets its message and the focus, and no code is sent', async () => {
    const user = userEvent.setup();
    render(<CodeForm />);
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    await user.type(email, 'li@example');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(calls('GET', '/api/authn/signin/code')).toHaveLength(0);
    expect(screen.getByLabelText('Verification code')).toHaveAttribute('autocomplete', 'one-time-code');
  });

  it('sends the code, counts down from 60 s, and keeps e-mail and mobile countdowns apart', async () => {
    const user = userEvent.setup();
    render(<CodeForm />);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'li@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /^Resend in (60|59) s$/ })).toBeDisabled();
    expect(Object.fromEntries(calls('GET', '/api/authn/signin/code')[0]!.query)).toEqual({ email: 'li@example.com' });

    await user.click(screen.getByRole('button', { name: 'Use mobile' }));
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Use email' }));
    expect(screen.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
  });
});
