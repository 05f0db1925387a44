import sharp from 'sharp';
import { drawing, escapeXml, hash, type ImageDesign, type Palette } from './catalog.images.shapes.js';

/**
 * Generated product pictures. Until real photos are uploaded, every product's pictures are drawn
 * from its data: the category decides the drawing (an N×N cube, a megaminx, a timer, ...), the
 * types decide the colours (black or white body, stickerless, pink, mirror silver ...), the brand
 * name is printed under it, and view 0/1/2 is the 3D view, the flat face and the retail box.
 * Drawn as SVG and rasterised with sharp on first request; the caller caches the bytes.
 */

/** Bump when the drawings change: it is part of the image URLs and ETags. */
export const RENDERER_VERSION = 1;

export const IMAGE_SIZES = { image: 800, thumbnail: 320 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;
export type ImageFormat = 'webp' | 'png';

const STANDARD = ['#ffffff', '#ffd500', '#c41e3a', '#ff5800', '#0051ba', '#009e60'];
const PASTEL = ['#fff4f8', '#ffe066', '#ff7eb6', '#ffb38a', '#7ec8ff', '#8ee4af'];
const MIRROR = { silver: '#c9ced6', gold: '#d4af37', blue: '#5b8def', rainbow: '#b48bf2' } as const;
const ACCENTS = ['#e53935', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#f4511e', '#3949ab'];

function paletteOf(d: ImageDesign): Palette {
  const codes = new Set(d.typeCodes);
  const h = hash(d.seed);
  const rotate = (list: string[], by: number) => list.map((_, i) => list[(i + by) % list.length]!);
  let faces = rotate(STANDARD, (h % 3) * 2);
  if (codes.has('pink') || codes.has('pastel')) faces = rotate(PASTEL, h % 6);
  let body = '#1c1c1e';
  if (codes.has('white')) body = '#f2f2f2';
  if (codes.has('transparent')) body = '#cfe8ff';
  if (codes.has('pink')) body = '#ffc0d9';
  const gap = codes.has('stickerless') || codes.has('pink') ? 0.04 : 0.1;
  if (codes.has('stickerless') && !codes.has('black') && !codes.has('white')) body = '#3a3a3c';
  for (const [code, colour] of Object.entries(MIRROR)) {
    if (codes.has(code)) faces = [colour, colour, colour];
  }
  const colourCode = d.typeCodes.find((c) => /^(red|blue|green|orange|purple|yellow|black|white|grey|pink)$/.test(c));
  const named: Record<string, string> = {
    red: '#e53935',
    blue: '#1e88e5',
    green: '#43a047',
    orange: '#fb8c00',
    purple: '#8e24aa',
    yellow: '#fdd835',
    black: '#263238',
    white: '#eceff1',
    grey: '#78909c',
    pink: '#ec407a',
  };
  const accent = colourCode ? named[colourCode]! : ACCENTS[h % ACCENTS.length]!;
  return { body, faces, accent, gap };
}

/** The SVG source of one picture, 800×800 user units. */
export function designSvg(d: ImageDesign, px: number): string {
  const p = paletteOf(d);
  const hue = hash(d.seed + 7) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,97%)"/><stop offset="1" stop-color="hsl(${hue},30%,88%)"/></linearGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <ellipse cx="400" cy="690" rx="260" ry="28" fill="#000" opacity="0.08"/>
  ${drawing(d, p)}
  <text x="400" y="760" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="40" fill="#37474f" text-anchor="middle" letter-spacing="2">${escapeXml(d.brand.toUpperCase())}</text>
</svg>`;
}

/** Rasterises a design at the given size. */
export async function renderImage(d: ImageDesign, size: ImageSize, format: ImageFormat): Promise<Buffer> {
  const px = IMAGE_SIZES[size];
  const image = sharp(Buffer.from(designSvg(d, px)));
  return format === 'webp' ? image.webp({ quality: 82, effort: 3 }).toBuffer() : image.png({ compressionLevel: 8, palette: true }).toBuffer();
}
