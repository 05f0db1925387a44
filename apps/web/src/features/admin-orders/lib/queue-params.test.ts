import { describe, expect, it } from 'vitest';
import { pageSizeOf, queueSearch, sortOf, withFilter } from './queue-params';

describe('queue params', () => {
  it('keeps known filters in a stable order, drops blanks and unknown keys', () => {
    const params = new URLSearchParams('page=3&zzz=1&q=%20abc%20&status=confirm&country=&sort=oldest');
    expect(queueSearch(params)).toBe('q=abc&status=confirm&sort=oldest&page=3');
  });

  it('goes back to page 1 when a filter changes and removes a filter set blank', () => {
    const params = new URLSearchParams('status=confirm&page=4');
    expect(withFilter(params, 'q', 'JD01').toString()).toBe('status=confirm&q=JD01');
    expect(withFilter(params, 'status', '').toString()).toBe('');
    expect(withFilter(params, 'page', '5').toString()).toBe('status=confirm&page=5');
  });

  it('falls back to the first page size and newest first for values it does not know', () => {
    expect(pageSizeOf(new URLSearchParams('recPerPage=7'))).toBe(50);
    expect(pageSizeOf(new URLSearchParams('recPerPage=200'))).toBe(200);
    expect(sortOf(new URLSearchParams('sort=random'))).toBe('newest');
  });
});
