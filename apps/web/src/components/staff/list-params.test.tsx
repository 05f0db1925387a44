import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ZStaffItemQuery, ZStaffOrderQuery, ZCustomerQuery } from '@cubeshop/shared';
import { renderScreen } from '@/test/render';
import { listSearch, pageCount, parseListParams, sortOptions, useListParams, withListChange, type ListParams } from './list-params';

const params = (text: string) => new URLSearchParams(text);

describe('parseListParams', () => {
  it('reads the URL with the shared query schema: typed values, defaults for what is missing', () => {
    const values = parseListParams(ZStaffOrderQuery, params('q=abc&status=confirm&sort=oldest&page=3&country=us&amountMin=12.5&junk=1'));
    expect(values).toMatchObject({ q: 'abc', status: 'confirm', sort: 'oldest', page: 3, recPerPage: 50, country: 'US', amountMin: 12.5 });
    expect(values).not.toHaveProperty('junk');
  });

  it('drops only the values the schema refuses; the others keep theirs', () => {
    const values = parseListParams(ZStaffOrderQuery, params('sort=random&page=abc&status=confirm&country=USA'));
    expect(values).toMatchObject({ sort: 'newest', page: 1, status: 'confirm' });
    expect(values.country).toBeUndefined();
    expect(parseListParams(ZStaffItemQuery, params('categoryId=x&archived=all&recPerPage=999'))).toMatchObject({
      archived: 'all',
      recPerPage: 50,
      page: 1,
      sortBy: 'lastUpdatedTime',
    });
  });

  it('writes the API query with set, non-default values only, in the schema order', () => {
    const values = parseListParams(ZCustomerQuery, params('recPerPage=50&page=1&q=bo'));
    expect(listSearch(ZCustomerQuery, values)).toBe('q=bo');
    expect(listSearch(ZStaffOrderQuery, parseListParams(ZStaffOrderQuery, params('q=x&page=2&sort=totalAsc')))).toBe('page=2&sort=totalAsc&q=x');
  });
});

describe('withListChange', () => {
  it('sets a filter, removes a blank or default one, and goes back to page 1 unless the page is what changed', () => {
    const base = params('q=abc&page=4&status=confirm');
    expect(withListChange(base, { status: 'outbound' }).toString()).toBe('q=abc&status=outbound');
    expect(withListChange(base, { q: '  ' }).toString()).toBe('status=confirm');
    expect(withListChange(base, { sort: 'newest' }, { sort: 'newest' }).toString()).toBe('q=abc&status=confirm');
    expect(withListChange(base, { page: 5 }).toString()).toBe('q=abc&page=5&status=confirm');
  });
});

describe('pageCount', () => {
  it('is ceil(recTotal / recPerPage), at least 1', () => {
    expect(pageCount({ recTotal: 120, recPerPage: 50 })).toBe(3);
    expect(pageCount({ recTotal: 100, recPerPage: 50 })).toBe(2);
    expect(pageCount({ recTotal: 0, recPerPage: 50 })).toBe(1);
    expect(pageCount({ recTotal: 10, recPerPage: 0 })).toBe(1);
    expect(pageCount({ recTotal: 10, recPerPage: 0 }, 4)).toBe(3);
  });
});

describe('sortOptions', () => {
  it('maps a sort param to a sorted column and back', () => {
    const sorts = sortOptions({ newest: { id: 'date', desc: true }, oldest: { id: 'date', desc: false }, totalDesc: { id: 'total', desc: true } });
    expect(sorts.toSort('oldest')).toEqual({ id: 'date', desc: false });
    expect(sorts.fromSort({ id: 'total', desc: true })).toBe('totalDesc');
    expect(sorts.fromSort({ id: 'total', desc: false })).toBeUndefined();
  });
});

describe('useListParams', () => {
  it('gives typed values from the URL and setters that keep it tidy and reset the page', async () => {
    let list: ListParams<typeof ZStaffOrderQuery> | undefined;
    function Probe() {
      list = useListParams(ZStaffOrderQuery);
      return <p>{list.search || 'none'}</p>;
    }
    const { router } = renderScreen(<Probe />, { path: '/admin/orders', at: '/admin/orders?page=3&status=confirm&tab=keep' });
    expect(await screen.findByText('page=3&status=confirm')).toBeInTheDocument();
    expect(list!.values.page).toBe(3);
    expect(list!.filtered).toBe(true);

    act(() => list!.set('q', 'ada'));
    expect(router.state.location.search).toBe('?status=confirm&tab=keep&q=ada');
    act(() => list!.setPage(2));
    expect(router.state.location.search).toBe('?status=confirm&tab=keep&q=ada&page=2');
    act(() => list!.setMany({ sort: 'newest', recPerPage: 100 }));
    expect(router.state.location.search).toBe('?status=confirm&tab=keep&q=ada&recPerPage=100');
    expect(list!.values).toMatchObject({ q: 'ada', recPerPage: 100, page: 1, sort: 'newest' });
    act(() => list!.reset());
    expect(router.state.location.search).toBe('?tab=keep');
    expect(list!.filtered).toBe(false);
  });
});
