import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { TStaffRole, TSynonymGroup } from '@cubeshop/shared';
import i18n from '@/lib/i18n';
import { server } from '@/test/msw/server';
import { BUYER } from '@/test/msw/fixtures';
import { renderScreen, resetSession, signIn } from '@/test/render';
import { wordsOf } from '../api/synonyms';
import { SearchTermsScreen } from './SearchTermsScreen';

beforeAll(async () => {
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(['staff']);
});
beforeEach(() => resetSession());

const staff = (role: TStaffRole) => signIn({ ...BUYER, role });

/** A stand-in of the synonyms API over a list the test reads. */
function serve() {
  const groups: TSynonymGroup[] = [{ id: 1, words: ['3x3', '三阶', '3阶'], updatedTime: '2026-11-20T08:00:00.000Z' }];
  const bodies: unknown[] = [];
  server.use(
    http.get('/api/admin/search/terms', () => HttpResponse.json({ data: [], pager: { page: 1, recPerPage: 50, recTotal: 0 } })),
    http.get('/api/admin/search/synonyms', () => HttpResponse.json({ data: groups })),
    http.post('/api/admin/search/synonyms', async ({ request }) => {
      const body = (await request.json()) as { words: string[]; kind?: TSynonymGroup['kind'] };
      bodies.push(body);
      if (new Set(body.words.map((w) => w.toLowerCase())).size < 2)
        return HttpResponse.json({ code: 400, desc: 'A synonym group needs at least two different words', details: { field: 'words' } }, { status: 400 });
      const group = {
        id: groups.length + 1,
        words: body.words.map((w) => w.toLowerCase()),
        kind: body.kind ?? 'same',
        updatedTime: '2026-11-26T08:00:00.000Z',
      };
      groups.push(group);
      return HttpResponse.json(group, { status: 201 });
    }),
    http.put('/api/admin/search/synonyms/:id', async ({ request, params }) => {
      const body = (await request.json()) as { words: string[]; kind?: TSynonymGroup['kind'] };
      bodies.push(body);
      const group = groups.find((g) => g.id === Number(params.id))!;
      group.words = body.words;
      group.kind = body.kind ?? group.kind;
      return HttpResponse.json(group);
    }),
    http.delete('/api/admin/search/synonyms/:id', ({ params }) => {
      groups.splice(
        groups.findIndex((g) => g.id === Number(params.id)),
        1,
      );
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { groups, bodies };
}

describe('synonym groups (search terms screen, third tab)', { timeout: 20_000 }, () => {
  it('reads words separated by commas of either script, 、 or semicolons', () => {
    expect(wordsOf(' 三阶，3x3、3阶; square 1 ,, ')).toEqual(['三阶', '3x3', '3阶', 'square 1']);
  });

  it('adds, edits and deletes a group for catalog staff, with the reason when a group is refused', async () => {
    staff('catalog');
    const api = serve();
    const { router } = renderScreen(<SearchTermsScreen />, { path: '/admin/search-terms' });
    await userEvent.click(await screen.findByRole('tab', { name: 'Synonyms' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=synonyms'));
    const table = await screen.findByTestId('synonyms');
    expect(within(table).getByRole('list', { name: '3 words' })).toHaveTextContent('3x3三阶3阶');
    expect(screen.getByText('1 group')).toBeInTheDocument();

    // One word is not a group: said before anything is sent.
    const input = screen.getByRole('textbox', { name: 'New group' });
    await userEvent.type(input, 'maglev{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter at least two different words');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(api.bodies).toEqual([]);
    // The server's reason when it refuses.
    await userEvent.clear(input);
    await userEvent.type(input, 'Cube, cube{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('A synonym group needs at least two different words');
    await userEvent.clear(input);
    await userEvent.type(input, 'Maglev，磁悬浮{Enter}');
    expect(await within(table).findByRole('list', { name: '2 words' })).toHaveTextContent('maglev磁悬浮');
    expect(api.bodies.at(-1)).toEqual({ words: ['Maglev', '磁悬浮'], kind: 'same' });
    expect(screen.getByRole('textbox', { name: 'New group' })).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Edit the group 3x3, 三阶, 3阶' }));
    const edit = screen.getByRole('textbox', { name: 'Words of the group' });
    expect(edit).toHaveFocus();
    await userEvent.type(edit, ', 三阶魔方{Enter}');
    await waitFor(() => expect(api.bodies.at(-1)).toEqual({ words: ['3x3', '三阶', '3阶', '三阶魔方'], kind: 'same' }));
    expect(await within(table).findByRole('list', { name: '4 words' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete the group maglev, 磁悬浮' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Searches will no longer treat these words as the same: maglev, 磁悬浮.');
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm|ok/i }));
    await waitFor(() => expect(within(table).queryByRole('list', { name: '2 words' })).not.toBeInTheDocument());
    expect(api.groups.map((g) => g.id)).toEqual([1]);
  });

  it('adds a short form (its first word stands for the others) and marks it in the list', async () => {
    staff('catalog');
    const api = serve();
    renderScreen(<SearchTermsScreen />, { path: '/admin/search-terms', at: '/admin/search-terms?kind=synonyms' });
    const table = await screen.findByTestId('synonyms');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Kind of group' }), 'Short form');
    await userEvent.type(screen.getByRole('textbox', { name: 'New group' }), 'wl, weilong{Enter}');
    const group = await within(table).findByRole('list', { name: '2 words' });
    expect(group).toHaveTextContent('Short formwlweilong');
    expect(api.bodies.at(-1)).toEqual({ words: ['wl', 'weilong'], kind: 'short' });
    // The plain group stays unmarked; editing the short one keeps its kind.
    expect(within(table).getByRole('list', { name: '3 words' })).not.toHaveTextContent('Short form');
    await userEvent.click(screen.getByRole('button', { name: 'Edit the group wl, weilong' }));
    expect(screen.getAllByRole('combobox', { name: 'Kind of group' }).at(-1)).toHaveValue('short');
    await userEvent.type(screen.getByRole('textbox', { name: 'Words of the group' }), ', 威龙{Enter}');
    await waitFor(() => expect(api.bodies.at(-1)).toEqual({ words: ['wl', 'weilong', '威龙'], kind: 'short' }));
  });

  it('edits a group from the keyboard and keeps what was typed when it is refused', async () => {
    staff('catalog');
    const api = serve();
    renderScreen(<SearchTermsScreen />, { path: '/admin/search-terms', at: '/admin/search-terms?kind=synonyms' });
    await screen.findByTestId('synonyms');
    // Enter on the active row opens its words for editing.
    await userEvent.keyboard('{Enter}');
    const edit = screen.getByRole('textbox', { name: 'Words of the group' });
    expect(edit).toHaveFocus();
    await userEvent.clear(edit);
    await userEvent.type(edit, 'solo{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter at least two different words');
    expect(screen.getByRole('textbox', { name: 'Words of the group' })).toHaveValue('solo');
    expect(api.bodies).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Words of the group' })).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: '3 words' })).toBeInTheDocument();
  });

  it('shows the groups to sales without ways to change them', async () => {
    staff('sales');
    serve();
    renderScreen(<SearchTermsScreen />, { path: '/admin/search-terms', at: '/admin/search-terms?kind=synonyms' });
    expect(await screen.findByTestId('synonyms')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'New group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit the group/ })).not.toBeInTheDocument();
  });
});
