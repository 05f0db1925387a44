import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TImportResult } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { useToastStore } from '@/lib/stores/toast';
import { server } from '@/test/msw/server';
import { renderScreen, resetSession } from '@/test/render';
import { ImportScreen } from './ImportScreen';

// The import screen: a chosen file is dry-run first (counts, errors by row and column, changes);
// "Apply" appears only for a clean dry run and sends the same file with dryRun=false; the answer
// says whether it was applied (what was written) or refused (422: nothing written, the errors).
beforeAll(async () => {
  await i18n.loadNamespaces(['catalogImport', 'staffCatalog']);
});
beforeEach(() => resetSession());

type Counts = { created?: number; updated?: number; unchanged?: number };
/** An answer: `planned` what the rows without errors ask for; written only when applied. */
const result = (status: TImportResult['status'], planned: Counts, over: Partial<TImportResult> = {}): TImportResult => {
  const p = { created: 0, updated: 0, unchanged: 0, ...planned };
  const errors = over.errors ?? [];
  return {
    status,
    dryRun: status === 'dryRun',
    rows: p.created + p.updated + p.unchanged + errors.length,
    planned: p,
    written: status === 'applied' ? { created: p.created, updated: p.updated } : { created: 0, updated: 0 },
    errorCount: errors.length,
    errors,
    changes: [],
    ...over,
  };
};
const CHANGES: TImportResult['changes'] = [
  { row: 2, id: 100001, action: 'update', fields: ['price', 'tiers'] },
  { row: 4, id: null, action: 'create', fields: [] },
];

describe('ImportScreen', { timeout: 20_000 }, () => {
  it('dry-runs a file, lists its errors by row and column, and offers Apply only when it is clean', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json({ data: [] })),
      http.post('/api/admin/items/import', async ({ request }) => {
        const url = new URL(request.url);
        // The first file is the bad one (jsdom's File does not survive the trip to the handler).
        calls.push(url.searchParams.get('dryRun') ?? '');
        if (calls.length === 1)
          return HttpResponse.json(result('dryRun', { updated: 1, unchanged: 1 }, { errors: [{ row: 3, column: 'price', message: 'Enter a number' }] }));
        const dryRun = url.searchParams.get('dryRun') === 'true';
        return HttpResponse.json(result(dryRun ? 'dryRun' : 'applied', { updated: 1, created: 1 }, { changes: CHANGES }));
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
    expect(screen.getByTestId('import-report')).toHaveAttribute('data-status', 'applied');
    // What was written, not what would be.
    expect(screen.getByTestId('count-written-created')).toHaveTextContent('1 product created');
    expect(screen.getByTestId('count-written-updated')).toHaveTextContent('1 product updated');
    expect(screen.getByText('Changes written')).toBeInTheDocument();
    expect(screen.queryByTestId('import-apply')).not.toBeInTheDocument();
    expect(calls).toEqual(['true', 'true', 'false']);
  });

  it('shows an apply the server refused (422) as refused: red, nothing written, the errors listed', async () => {
    const calls: string[] = [];
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json({ data: [] })),
      http.post('/api/admin/items/import', ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun') === 'true';
        calls.push(String(dryRun));
        // Clean when checked; by the apply a category the file names was deleted meanwhile.
        if (dryRun) return HttpResponse.json(result('dryRun', { updated: 3 }, { changes: CHANGES }));
        const report = result(
          'refused',
          { updated: 3 },
          {
            errors: [
              { row: 4, column: 'category', message: 'There is no category gear-cubes' },
              { row: 6, column: 'category', message: 'There is no category gear-cubes' },
            ],
            changes: CHANGES,
          },
        );
        return HttpResponse.json({ code: 'IMPORT_REFUSED', desc: 'The import was refused and nothing was written', details: report }, { status: 422 });
      }),
    );
    const user = userEvent.setup();
    renderScreen(<ImportScreen />, { path: '/admin/items/import' });
    await user.upload(await screen.findByTestId('import-file'), new File(['id,category\n1,gear-cubes\n'], 'gear.csv', { type: 'text/csv' }));
    await user.click(await screen.findByTestId('import-apply'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('gear.csv was refused: nothing was written.');
    expect(alert).toHaveTextContent('The file has 2 errors. An import is all or nothing, so no product was created or changed.');
    expect(screen.getByTestId('import-report')).toHaveAttribute('data-status', 'refused');
    expect(screen.getByTestId('count-written')).toHaveTextContent('Nothing written');
    expect(screen.getByTestId('count-errors')).toHaveTextContent('2 errors');
    // No count claims a product changes, and nothing offers to apply again.
    expect(screen.queryByTestId('count-updated')).not.toBeInTheDocument();
    expect(screen.queryByTestId('count-written-updated')).not.toBeInTheDocument();
    expect(screen.queryByTestId('import-apply')).not.toBeInTheDocument();
    const rows = within(screen.getByTestId('import-errors')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['4categoryThere is no category gear-cubes', '6categoryThere is no category gear-cubes']);
    expect(screen.getByText('Changes the file asks for (none written)')).toBeInTheDocument();
    // The refusal is the screen's answer, not a failure toast.
    expect(useToastStore.getState().toasts).toEqual([]);
    expect(calls).toEqual(['true', 'false']);
  });

  it('says it in Chinese too', async () => {
    await i18n.changeLanguage('zh');
    await i18n.loadNamespaces(['catalogImport']);
    try {
      server.use(
        http.get('/api/admin/categories', () => HttpResponse.json({ data: [] })),
        http.post('/api/admin/items/import', ({ request }) => {
          if (new URL(request.url).searchParams.get('dryRun') === 'true') return HttpResponse.json(result('dryRun', { updated: 3 }));
          const report = result('refused', { updated: 3 }, { errors: [{ row: 5, column: 'price', message: '请输入数字' }] });
          return HttpResponse.json({ code: 'IMPORT_REFUSED', desc: '导入被拒绝', details: report }, { status: 422 });
        }),
      );
      const user = userEvent.setup();
      renderScreen(<ImportScreen />, { path: '/admin/items/import' });
      await user.upload(await screen.findByTestId('import-file'), new File(['id,price\n1,2\n'], 'prices.csv', { type: 'text/csv' }));
      await user.click(await screen.findByTestId('import-apply'));
      expect(await screen.findByRole('alert')).toHaveTextContent('prices.csv 导入被拒绝：没有写入任何内容。');
      expect(screen.getByTestId('count-written')).toHaveTextContent('未写入任何内容');
      expect(within(screen.getByTestId('import-errors')).getByText('请输入数字')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('still tells other failures as a toast (a file that is not a spreadsheet: 400)', async () => {
    server.use(
      http.get('/api/admin/categories', () => HttpResponse.json({ data: [] })),
      http.post('/api/admin/items/import', () => HttpResponse.json({ code: 'BAD_REQUEST', desc: 'Upload a CSV (UTF-8) or XLSX file' }, { status: 400 })),
    );
    const user = userEvent.setup();
    renderScreen(<ImportScreen />, { path: '/admin/items/import' });
    await user.upload(await screen.findByTestId('import-file'), new File(['\u0000\u0001'], 'blob.csv', { type: 'text/csv' }));
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['Upload a CSV (UTF-8) or XLSX file']));
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });
});
