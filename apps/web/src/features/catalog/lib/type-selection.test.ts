import { describe, expect, it } from 'vitest';
import { initialType, resolveType } from './type-selection';

const black = { code: 'black', name: 'Black', stockStatus: 'in_stock' as const };
const white = { code: 'white', name: 'White', stockStatus: 'in_stock' as const };

describe('type selection (docs/requirements.md, Validation)', () => {
  it('uses the only type automatically', () => {
    expect(initialType([black])).toBe('black');
    expect(resolveType([black], undefined)).toEqual({ ok: true, type: 'black' });
  });

  it('asks for a choice when there are several types and none is selected', () => {
    expect(initialType([black, white])).toBeUndefined();
    expect(resolveType([black, white], undefined)).toEqual({ ok: false, error: 'select-type' });
    expect(resolveType([black, white], '')).toEqual({ ok: false, error: 'select-type' });
    expect(resolveType([black, white], 'pink')).toEqual({ ok: false, error: 'select-type' });
  });

  it('sends the chosen type', () => {
    expect(resolveType([black, white], 'white')).toEqual({ ok: true, type: 'white' });
  });

  it('sends an empty type for a product without types', () => {
    expect(initialType([])).toBeUndefined();
    expect(resolveType([], undefined)).toEqual({ ok: true, type: '' });
    expect(resolveType(undefined, undefined)).toEqual({ ok: true, type: '' });
  });
});
