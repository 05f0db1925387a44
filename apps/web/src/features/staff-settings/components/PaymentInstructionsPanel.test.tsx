import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffPaymentMethod, TStaffShippingConfig } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { SettingsScreen } from './SettingsScreen';

// Settings, Payment methods: each method's instructions to buyers (receiver, account, notes in
// zh and en) and its QR picture, against a fake API that refuses as the server does.
beforeAll(async () => {
  await i18n.loadNamespaces(['staff', 'settings']);
});
beforeEach(() => {
  resetSession();
  signIn();
});

const NONE = { receiver: '', account: '', noteZh: '', noteEn: '' };
const QR = '/api/payment-methods/alipay/qr.png?v=0123456789abcdef';

function serve() {
  const state: {
    config: TStaffShippingConfig;
    puts: { id: string; body: Record<string, unknown> }[];
    uploads: { id: string; type: string }[];
    deletes: string[];
  } = {
    config: {
      methods: [],
      zones: [],
      rates: [],
      payments: [
        { id: 'tt', nameZh: '银行电汇', nameEn: 'Bank transfer (T/T)', surchargeBp: 0, position: 0, active: true, instructions: NONE, qrUrl: null },
        {
          id: 'alipay',
          nameZh: '支付宝',
          nameEn: 'Alipay',
          surchargeBp: 0,
          position: 1,
          active: true,
          instructions: { receiver: 'Cubeshop', account: 'old@cubeshop.example', noteZh: '旧说明', noteEn: 'Old note' },
          qrUrl: null,
        },
        { id: 'westernunion', nameZh: '西联汇款', nameEn: 'Western Union', surchargeBp: 0, position: 2, active: false, instructions: NONE, qrUrl: null },
      ],
    },
    puts: [],
    uploads: [],
    deletes: [],
  };
  const method = (id: string) => state.config.payments.find((p) => p.id === id)!;
  server.use(
    http.get('/api/admin/shipping', () => HttpResponse.json(state.config)),
    http.put('/api/admin/payment-methods/:id', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      const id = String(params.id);
      state.puts.push({ id, body });
      const instructions = body.instructions as TStaffPaymentMethod['instructions'] | undefined;
      if (instructions && instructions.noteEn.length > 20) {
        return HttpResponse.json(
          {
            code: 'BAD_REQUEST',
            desc: 'Invalid instructions.noteEn: Too long (at most 20 characters)',
            details: { field: 'instructions.noteEn', rule: 'v.maxLength' },
          },
          { status: 400 },
        );
      }
      Object.assign(method(id), body);
      return HttpResponse.json(method(id));
    }),
    http.put('/api/admin/payment-methods/:id/qr', ({ request, params }) => {
      const id = String(params.id);
      state.uploads.push({ id, type: request.headers.get('content-type') ?? '' });
      if (state.uploads.length === 1) {
        return HttpResponse.json(
          { code: 'BAD_REQUEST', desc: 'The file is not a JPG, PNG or WebP image', details: { field: 'file', rule: 'image' } },
          { status: 400 },
        );
      }
      method(id).qrUrl = QR;
      return HttpResponse.json(method(id));
    }),
    http.delete('/api/admin/payment-methods/:id/qr', ({ params }) => {
      const id = String(params.id);
      state.deletes.push(id);
      method(id).qrUrl = null;
      return HttpResponse.json(method(id));
    }),
  );
  return state;
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'qr.png', { type: 'image/png' });

describe('payment instructions in Settings', { timeout: 20_000 }, () => {
  it("edits a method's receiver, account and notes; a refused note is marked with its sentence under it", async () => {
    await i18n.changeLanguage('en');
    const state = serve();
    const user = userEvent.setup();
    renderScreen(<SettingsScreen />, { path: '/admin/settings', at: '/admin/settings?tab=payments' });
    expect(await screen.findByRole('heading', { name: 'How buyers pay' })).toBeInTheDocument();
    // bank transfer points to its bank details
    expect(screen.getByTestId('instructions-tt')).toHaveTextContent('Buyers who pay by bank transfer see the bank details: Bank & documents');
    expect(within(screen.getByTestId('instructions-westernunion')).getByText(/switched off/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Alipay (alipay)' });
    expect(within(form).getByLabelText('Receiver (name)')).toHaveValue('Cubeshop');
    await user.clear(within(form).getByLabelText('Account (e-mail, phone or account number)'));
    await user.type(within(form).getByLabelText('Account (e-mail, phone or account number)'), 'pay@cubeshop.example');
    await user.clear(within(form).getByLabelText('Note to buyers (English)'));
    await user.type(within(form).getByLabelText('Note to buyers (English)'), 'A note that is far too long');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const noteEn = within(form).getByLabelText('Note to buyers (English)');
    await waitFor(() => expect(noteEn).toHaveAttribute('aria-invalid', 'true'));
    expect(noteEn).toHaveAccessibleDescription('Invalid instructions.noteEn: Too long (at most 20 characters)');
    expect(within(form).getByLabelText('Receiver (name)')).not.toHaveAttribute('aria-invalid');

    await user.clear(noteEn);
    await user.type(noteEn, 'Line one{Enter}Line two');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.puts).toHaveLength(2));
    expect(state.puts[1]).toEqual({
      id: 'alipay',
      body: {
        nameZh: '支付宝',
        nameEn: 'Alipay',
        surchargeBp: 0,
        position: 1,
        active: true,
        instructions: { receiver: 'Cubeshop', account: 'pay@cubeshop.example', noteZh: '旧说明', noteEn: 'Line one\nLine two' },
      },
    });
    await waitFor(() =>
      expect(within(screen.getByRole('form', { name: 'Alipay (alipay)' })).getByLabelText('Note to buyers (English)')).not.toHaveAttribute('aria-invalid'),
    );
  });

  it('saving a row of the payment table leaves the instructions out (they stay)', async () => {
    await i18n.changeLanguage('en');
    const state = serve();
    const user = userEvent.setup();
    renderScreen(<SettingsScreen />, { path: '/admin/settings', at: '/admin/settings?tab=payments' });
    const row = within(await screen.findByTestId('payments-table')).getByRole('row', { name: 'Alipay (alipay)' });
    await user.clear(within(row).getByLabelText('Name (English)'));
    await user.type(within(row).getByLabelText('Name (English)'), 'Alipay (CN){Enter}');
    await waitFor(() => expect(state.puts).toHaveLength(1));
    expect(state.puts[0]!.body).not.toHaveProperty('instructions');
    expect(state.puts[0]!.body).not.toHaveProperty('qrUrl');
    expect(state.puts[0]!.body).toMatchObject({ nameEn: 'Alipay (CN)' });
  });

  it('uploads a QR picture with a preview, shows a refusal under it, checks the size first and removes it (zh)', async () => {
    await i18n.changeLanguage('zh');
    const state = serve();
    const user = userEvent.setup();
    renderScreen(<SettingsScreen />, { path: '/admin/settings', at: '/admin/settings?tab=payments' });
    const form = await screen.findByRole('form', { name: '支付宝（alipay）' });
    expect(within(form).getByText('暂无二维码')).toBeInTheDocument();
    const picker = within(form).getByLabelText('上传二维码图片');

    // too large: refused here, nothing sent
    await user.upload(picker, png(2 * 1024 * 1024 + 1));
    expect(within(form).getByRole('alert')).toHaveTextContent('图片不能超过 2 MB');
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(state.uploads).toHaveLength(0);

    // the server refuses the first one (not a picture), takes the second
    await user.upload(picker, png());
    expect(await within(form).findByText('The file is not a JPG, PNG or WebP image')).toBeInTheDocument();
    await user.upload(picker, png());
    const preview = await within(screen.getByRole('form', { name: '支付宝（alipay）' })).findByRole('img', { name: '支付宝收款二维码' });
    expect(preview).toHaveAttribute('src', QR);
    expect(state.uploads.map((u) => u.id)).toEqual(['alipay', 'alipay']);
    expect(state.uploads[1]!.type).toMatch(/^multipart\/form-data; boundary=/);
    const again = screen.getByRole('form', { name: '支付宝（alipay）' });
    expect(within(again).queryByRole('alert')).toBeNull();
    expect(within(again).getByLabelText('更换二维码图片')).toBeInTheDocument();

    await user.click(within(again).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(within(screen.getByRole('form', { name: '支付宝（alipay）' })).queryByRole('img')).toBeNull());
    expect(state.deletes).toEqual(['alipay']);
    await i18n.changeLanguage('en');
  });
});
