import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { TOrderRequests } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { orderDetail } from '@/test/msw/fixtures';
import { apiError } from '@/test/msw/handlers';
import { server } from '@/test/msw/server';
import { shop } from '@/test/msw/shop';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { OrderRequest } from './OrderRequest';

beforeAll(async () => {
  await i18n.loadNamespaces('orders');
});
beforeEach(() => {
  resetSession();
  signIn();
});

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('OrderRequest', () => {
  it('shows nothing when no request exists and none may be made', async () => {
    shop.orders = [orderDetail({ status: 'outbound' })];
    const view = renderScreen(<OrderRequest orderId={5001} />, { queryClient: client() });
    await new Promise((r) => setTimeout(r, 50));
    expect(view.container).toBeEmptyDOMElement();
  });

  it('asks for a cancellation with a reason and shows the request waiting; the server sentence on a refusal', async () => {
    shop.orders = [orderDetail({ status: 'confirm' })];
    let sent: unknown;
    let refuse = true;
    server.use(
      http.post('/api/orders/:id/requests', async ({ request }) => {
        sent = await request.json();
        if (refuse) return apiError(409, 'CONFLICT', 'This order already has an open request; please wait for our answer', { reason: 'alreadyOpen' });
        const answer: TOrderRequests = {
          data: [
            {
              id: 7,
              orderId: 5001,
              kind: 'cancel',
              reason: 'Wrong colour',
              photos: [],
              status: 'open',
              decisionNote: null,
              decidedTime: null,
              createdTime: '2025-01-02T03:04:05.000Z',
            },
          ],
          canRequest: { cancel: false, return: false, returnUntil: null },
        };
        return HttpResponse.json(answer, { status: 201 });
      }),
    );
    renderScreen(<OrderRequest orderId={5001} />, { queryClient: client() });
    fireEvent.click(await screen.findByRole('button', { name: 'Request cancellation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request cancellation' });
    // Blank after trimming: refused here, nothing sent.
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please give a reason');
    expect(sent).toBeUndefined();

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '  Wrong colour ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('This order already has an open request; please wait for our answer')).toBeVisible();
    expect(sent).toEqual({ kind: 'cancel', reason: 'Wrong colour' });

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByTestId('order-request-status')).toHaveTextContent('Waiting for our answer');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('order-request')).toHaveTextContent('Wrong colour');
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();
  });
});
