#!/usr/bin/env node
/**
 * Writes the footer's QR codes as static SVG files to apps/web/public/qr/ (committed, so the
 * qrcode package never reaches the browser bundle). Run after changing a contact:
 *   node apps/web/scripts/generate-qr.mjs
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.resolve(here, '../public/qr');

/** Keep in sync with CONTACT_CHANNELS in src/app/layouts/footer/channels.ts. */
const codes = {
  wechat: 'weixin://contacts/profile/cubeshop_service',
  qq: 'tencent://message/?uin=800886688&Site=cubeshop&Menu=yes',
  whatsapp: 'https://wa.me/8613823456789',
};

await mkdir(outDir, { recursive: true });
for (const [name, text] of Object.entries(codes)) {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#111827', light: '#ffffff' } });
  await writeFile(path.join(outDir, `${name}.svg`), svg);
  console.log(`qr/${name}.svg  <-  ${text}`);
}
