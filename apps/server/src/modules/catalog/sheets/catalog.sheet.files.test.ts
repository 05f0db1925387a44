import fs from 'node:fs';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { SHEET_HEADERS } from './catalog.sheet.columns.js';
import { readSheet, sheetWriter, utf8Chunks } from './catalog.sheet.files.js';

// The spreadsheet files themselves: Chinese text survives the streamed XLSX round trip in both
// writers (exceljs's own, with shared strings, and ours, without), wherever the chunks split it.
const names = Array.from({ length: 3000 }, (_, i) => `三阶魔方 第${i}号 磁力定位 彩盒包装 ${'测试'.repeat(i % 7)}`);

async function collect(stream: PassThrough): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('spreadsheet files', () => {
  it('cuts byte chunks at whole UTF-8 characters', async () => {
    const bytes = Buffer.from('魔方😀é'.repeat(50));
    async function* ones() {
      for (let i = 0; i < bytes.length; i += 1) yield bytes.subarray(i, i + 1);
    }
    const decoded: string[] = [];
    for await (const chunk of utf8Chunks(ones())) decoded.push(chunk.toString());
    expect(decoded.join('')).toBe('魔方😀é'.repeat(50));
  });

  it('reads back every Chinese cell of a large streamed XLSX and of an exceljs workbook', async () => {
    const out = new PassThrough();
    const done = collect(out);
    const writer = sheetWriter('xlsx', out, 'zh');
    for (const name of names) await writer.row([1, '', name]);
    await writer.end();
    const ours = await readSheet(await done);
    expect(ours.headers).toEqual(SHEET_HEADERS);
    expect(ours.rows.map((r) => r.cells[2])).toEqual(names);

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('x');
    sheet.addRow(['id', 'name_zh']);
    for (const name of names) sheet.addRow(['', name]);
    const theirs = await readSheet(Buffer.from(await book.xlsx.writeBuffer()));
    expect(theirs.rows.map((r) => r.cells[1])).toEqual(names);
  });

  it('reads a workbook of several sheets to the end: no temp file left open or read after its delete', async () => {
    // exceljs writes sheets before the shared strings, so its streaming reader parks each sheet
    // in a temp file (tmp's /tmp/tmp-<pid>-*) and deletes it once the sheet has been read.
    const book = new ExcelJS.Workbook();
    const products = book.addWorksheet('products');
    products.addRow(['id', 'name_zh']);
    products.addRow([1, '三阶']);
    const notes = book.addWorksheet('notes');
    for (let i = 0; i < 200; i++) notes.addRow([`列 ${i}`, '说明'.repeat(20)]);
    const data = Buffer.from(await book.xlsx.writeBuffer());
    const openTempFiles = () =>
      fs.readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`).includes(`/tmp-${process.pid}-`);
        } catch {
          return false;
        }
      }).length;
    for (let i = 0; i < 10; i++) {
      const read = await readSheet(data);
      expect(read.rows.map((r) => r.cells)).toEqual([[1, '三阶']]);
    }
    await sleep(50);
    expect(openTempFiles()).toBe(0);
  });
});
