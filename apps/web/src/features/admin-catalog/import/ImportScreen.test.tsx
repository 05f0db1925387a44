import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TImportResult } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession } from '@/test/render';
import { ImportScreen } from './ImportScreen';

// The import screen: a chosen file is dry-run first (counts, errors by row and column, changes);
// "Apply" appears only for a clean dry run and sends the same file with dryRun=false.
beforeAll(async () => {
  await i18n.loadNamespaces(['catalogImport', 'catalogAdmin']);
});
beforeEach(() => resetSession());

const result = (over: Partial<TImportResult>): TImportResult => ({ dryRun: true, created: 0, updated: 0, unchanged: 0, errors: [], changes: [], ...over });

describe('ImportScreen', { timeout: 20_000 }, () => {
  it('dry-runs a file, lists its errors by row and column, and offers Apply only when it is clean', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json({ data: [] })),
      http.post('/api/admin/items/import', async ({ request }) => {
        const url = new URL(request.url);
        // The first file is the bad one (jsdom's File does not survive the trip to the handler).
        calls.push(url.searchParams.get('dryRun') ?? '');
        if (calls.length === 1) return HttpResponse.json(result({ updated: 1, unchanged: 1, errors: [{ row: 3, column: 'price', message: 'Enter a number' }] }));
        const dryRun = url.searchParams.get('dryRun') === 'true';
        return HttpResponse.json(result({ dryRun, updated: 1, created: 1, changes: [{ row: 2, id: 100001, action: 'update', fields: ['price', 'tiers'] }, { row: 4, id: null, action: 'create', fields: [] }] }));
      }),
    );
    const user = userEvent.setup();
    renderScreen(<ImportScreen />, { path: '/admin/items/import' });
    const picker = await screen.findByTestId('import-file');

    await user.upload(picker, new File(['id,price\n1,x\n'], 'bad.csv', { type: 'text/csv' }));
    const errors = await screen.findByTestId('import-errors');
    expect(within(errors).getByText('3')).toBeInTheDocument();
    expect(within(errors).getByText('price')).toBeInTheDocument();
    expect(within(errors).getByText('Enter a number')).toBeInTheDocument();
    expect(screen.getByTestId('count-errors')).toHaveTextContent('1 error');
    expect(screen.getByTestId('count-updated')).toHaveTextContent('1 product changes');
    expect(screen.queryByTestId('import-apply')).not.toBeInTheDocument();

    await user.upload(picker, new File(['id,price\n1,2\n'], 'good.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('import-summary')).toHaveTextContent('Checked good.csv: nothing has been changed yet.'));
    expect(screen.getByTestId('count-created')).toHaveTextContent('1 new product');
    expect(screen.getByTestId('count-updated')).toHaveTextContent('1 product changes');
    expect(screen.getByTestId('import-apply')).toHaveTextContent('Apply 2 changes');
    expect(within(screen.getByTestId('import-changes')).getByText('price, tiers')).toBeInTheDocument();
    await user.click(screen.getByTestId('import-apply'));
    await waitFor(() => expect(screen.getByTestId('import-summary')).toHaveTextContent('good.csv was imported.'));
    expect(calls).toEqual(['true', 'true', 'false']);
  });
});
