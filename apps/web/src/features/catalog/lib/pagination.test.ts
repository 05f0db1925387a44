import { describe, expect, it } from 'vitest';
import { pageItems, totalPages, type TPageItem } from './pagination';

const show = (items: TPageItem[]) => items.map((i) => (i.type === 'page' ? String(i.page) : '…')).join(' ');

describe('pagination (docs/requirements.md, Screens: up to 5 page buttons with ellipsis plus first and last)', () => {
  it('counts pages as ceil(recTotal / recPerPage), at least one', () => {
    expect(totalPages(3200, 120)).toBe(27);
    expect(totalPages(240, 120)).toBe(2);
    expect(totalPages(241, 120)).toBe(3);
    expect(totalPages(0, 120)).toBe(1);
  });

  it('shows every page when there are few', () => {
    expect(show(pageItems(1, 1))).toBe('1');
    expect(show(pageItems(2, 3))).toBe('1 2 3');
    expect(show(pageItems(3, 5))).toBe('1 2 3 4 5');
  });

  it('keeps a window of 5 around the current page, plus first and last with ellipses', () => {
    expect(show(pageItems(1, 27))).toBe('1 2 3 4 5 … 27');
    expect(show(pageItems(10, 27))).toBe('1 … 8 9 10 11 12 … 27');
    expect(show(pageItems(27, 27))).toBe('1 … 23 24 25 26 27');
    expect(show(pageItems(4, 27))).toBe('1 2 3 4 5 6 … 27');
    expect(show(pageItems(24, 27))).toBe('1 … 22 23 24 25 26 27');
    expect(show(pageItems(3, 7))).toBe('1 2 3 4 5 … 7');
  });

  it('never has more than 5 window buttons, always the first, the last and the current page, in order', () => {
    for (let total = 1; total <= 40; total++) {
      for (let page = 1; page <= total; page++) {
        const items = pageItems(page, total);
        const pages = items.flatMap((i) => (i.type === 'page' ? [i.page] : []));
        const window = pages.filter((p) => p !== 1 && p !== total);
        expect(window.length).toBeLessThanOrEqual(5);
        expect(pages[0]).toBe(1);
        expect(pages[pages.length - 1]).toBe(total);
        expect(pages).toContain(page);
        expect([...pages].sort((a, b) => a - b)).toEqual(pages);
        expect(new Set(pages).size).toBe(pages.length);
        // an ellipsis stands exactly where pages are skipped
        items.forEach((item, i) => {
          if (item.type !== 'ellipsis') return;
          const before = items[i - 1];
          const after = items[i + 1];
          expect(before?.type === 'page' && after?.type === 'page' && after.page - before.page > 1).toBe(true);
        });
        for (let i = 1; i < items.length; i++) {
          const [a, b] = [items[i - 1]!, items[i]!];
          if (a.type === 'page' && b.type === 'page') expect(b.page - a.page).toBe(1);
        }
      }
    }
  });

  it('clamps a page outside the range', () => {
    expect(show(pageItems(99, 3))).toBe('1 2 3');
    expect(show(pageItems(0, 10))).toBe('1 2 3 4 5 … 10');
  });
});
