// Over 400 lines: the vector drawings of the demo products: data, not logic.
/**
 * The drawings of the generated product pictures (catalog.images.render.ts turns them into pictures):
 * one small pure function per shape, returning SVG elements in 800×800 user units.
 */

/** Drawings; a category's `shape` names one ("cube3" is a cube of order 3). */
export const SHAPES = [
  'cube',
  'megaminx',
  'pyraminx',
  'skewb',
  'square1',
  'clock',
  'mirror',
  'mod',
  'smart',
  'timer',
  'mat',
  'lube',
  'bag',
  'stickers',
  'stand',
  'burr',
  'snake',
  'klotski',
  'fidget',
] as const;
export type Shape = (typeof SHAPES)[number];

/** A category's shape text as a drawing: "cube4" -> cube of order 4; unknown -> a 3x3 cube. */
export function parseShape(shape: string): { shape: Shape; order: number } {
  const cube = /^cube(\d+)$/.exec(shape);
  if (cube) return { shape: 'cube', order: Math.min(9, Math.max(2, Number(cube[1]))) };
  return (SHAPES as readonly string[]).includes(shape) ? { shape: shape as Shape, order: 3 } : { shape: 'cube', order: 3 };
}

export interface ImageDesign {
  shape: Shape;
  /** Layers of a cube (2..9); ignored by other shapes. */
  order: number;
  typeCodes: string[];
  brand: string;
  /** Stable per product: picks among colour schemes and rotations. */
  seed: number;
  view: number;
}

export function hash(n: number): number {
  let x = n | 0;
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 16)) >>> 0;
}

export function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

export interface Palette {
  body: string;
  faces: string[];
  accent: string;
  gap: number;
}

type Pt = [number, number];
const poly = (pts: Pt[], fill: string, extra = '') =>
  `<polygon points="${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}" fill="${fill}" ${extra}/>`;
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** A parallelogram face (origin o, edge vectors u, v) as an n×n grid of tiles. */
function gridFace(o: Pt, u: Pt, v: Pt, n: number, colour: (i: number, j: number) => string, body: string, gap: number): string {
  const at = (a: number, b: number): Pt => [o[0] + u[0] * a + v[0] * b, o[1] + u[1] * a + v[1] * b];
  let out = poly([at(0, 0), at(1, 0), at(1, 1), at(0, 1)], body);
  const g = gap / n;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const a0 = i / n + g / 2;
      const a1 = (i + 1) / n - g / 2;
      const b0 = j / n + g / 2;
      const b1 = (j + 1) / n - g / 2;
      out += poly([at(a0, b0), at(a1, b0), at(a1, b1), at(a0, b1)], colour(i, j), 'stroke-linejoin="round"');
    }
  }
  return out;
}

/** Isometric cube: top, left and right faces. */
function isoCube(p: Palette, n: number, tile?: (face: number, i: number, j: number) => string): string {
  const c: Pt = [400, 380];
  const s = 230;
  const top: Pt = [c[0], c[1] - s];
  const left: Pt = [c[0] - s * 0.87, c[1] - s / 2];
  const right: Pt = [c[0] + s * 0.87, c[1] - s / 2];
  const bottom: Pt = [c[0], c[1] + s];
  const colour = (face: number) => (i: number, j: number) => tile?.(face, i, j) ?? p.faces[face % p.faces.length]!;
  const shade = '<rect x="0" y="0" width="800" height="800" fill="none"/>';
  return [
    shade,
    gridFace(left, [c[0] - left[0], c[1] - left[1]], [top[0] - left[0], top[1] - left[1]], n, colour(0), p.body, p.gap),
    gridFace(left, [c[0] - left[0], c[1] - left[1]], [0, bottom[1] - c[1]], n, colour(2), p.body, p.gap),
    gridFace(c, [right[0] - c[0], right[1] - c[1]], [0, bottom[1] - c[1]], n, colour(4), p.body, p.gap),
    poly([left, c, right, top], 'url(#shine)'),
  ].join('');
}

function flatFace(p: Palette, n: number): string {
  return gridFace([170, 130], [460, 0], [0, 460], n, (i, j) => p.faces[(i * 7 + j * 3 + n) % p.faces.length]!, p.body, p.gap);
}

/** Front face of a megaminx: a centre pentagon, 5 edge pieces and 5 corner kites. */
function megaminx(p: Palette): string {
  const c: Pt = [400, 380];
  const ring = (r: number): Pt[] =>
    Array.from({ length: 5 }, (_, k) => {
      const a = -Math.PI / 2 + (k * 2 * Math.PI) / 5;
      return [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)] as Pt;
    });
  const outer = ring(290);
  const inner = ring(125);
  const inset = (pts: Pt[]) => {
    const cx = pts.reduce((s, q) => s + q[0], 0) / pts.length;
    const cy = pts.reduce((s, q) => s + q[1], 0) / pts.length;
    return pts.map((q) => lerp(q, [cx, cy], 0.09));
  };
  let out = poly(outer, p.body);
  for (let k = 0; k < 5; k++) {
    const v = outer[k]!;
    const next = outer[(k + 1) % 5]!;
    const prev = outer[(k + 4) % 5]!;
    const a = lerp(v, next, 0.34);
    const b = lerp(v, prev, 0.34);
    const a2 = lerp(v, next, 0.66);
    out += poly(inset([v, a, inner[k]!, b]), p.faces[(k + 1) % p.faces.length]!);
    out += poly(inset([a, a2, inner[(k + 1) % 5]!, inner[k]!]), p.faces[(k + 3) % p.faces.length]!);
  }
  out += poly(inset(inner), p.faces[0]!);
  return out;
}

function pyraminx(p: Palette): string {
  const a: Pt = [400, 110];
  const b: Pt = [130, 600];
  const c: Pt = [670, 600];
  let out = poly([a, b, c], p.body);
  const n = 3;
  const at = (i: number, j: number): Pt => {
    const row = lerp(a, b, i / n);
    const rowEnd = lerp(a, c, i / n);
    return i === 0 ? a : lerp(row, rowEnd, j / i);
  };
  const shrink = (pts: Pt[]) => {
    const cx = (pts[0]![0] + pts[1]![0] + pts[2]![0]) / 3;
    const cy = (pts[0]![1] + pts[1]![1] + pts[2]![1]) / 3;
    return pts.map((q) => lerp(q, [cx, cy], 0.12));
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      out += poly(shrink([at(i, j), at(i + 1, j), at(i + 1, j + 1)]), p.faces[(i + j) % 2 === 0 ? 0 : 1]!);
      if (j < i) out += poly(shrink([at(i, j), at(i + 1, j + 1), at(i, j + 1)]), p.faces[2]!);
    }
  }
  return out;
}

/** A parallelogram face split the skewb way: a centre square (diamond) and 4 corner triangles. */
function skewbFace(o: Pt, u: Pt, v: Pt, centre: string, corners: string[], body: string): string {
  const at = (a: number, b: number): Pt => [o[0] + u[0] * a + v[0] * b, o[1] + u[1] * a + v[1] * b];
  const g = 0.035;
  let out = poly([at(0, 0), at(1, 0), at(1, 1), at(0, 1)], body);
  out += poly([at(0.5, g * 1.5), at(1 - g * 1.5, 0.5), at(0.5, 1 - g * 1.5), at(g * 1.5, 0.5)], centre);
  const tri: [number, number][][] = [
    [
      [g, g],
      [0.5 - g, g],
      [g, 0.5 - g],
    ],
    [
      [1 - g, g],
      [1 - g, 0.5 - g],
      [0.5 + g, g],
    ],
    [
      [1 - g, 1 - g],
      [0.5 + g, 1 - g],
      [1 - g, 0.5 + g],
    ],
    [
      [g, 1 - g],
      [g, 0.5 + g],
      [0.5 - g, 1 - g],
    ],
  ];
  tri.forEach((t, k) => {
    out += poly(
      t.map(([a, b]) => at(a, b)),
      corners[k % corners.length]!,
    );
  });
  return out;
}

function skewb(p: Palette): string {
  const c: Pt = [400, 380];
  const s = 230;
  const top: Pt = [c[0], c[1] - s];
  const left: Pt = [c[0] - s * 0.87, c[1] - s / 2];
  const right: Pt = [c[0] + s * 0.87, c[1] - s / 2];
  const bottom: Pt = [c[0], c[1] + s];
  const f = (k: number) => p.faces[k % p.faces.length]!;
  return [
    skewbFace(left, [c[0] - left[0], c[1] - left[1]], [top[0] - left[0], top[1] - left[1]], f(0), [f(1), f(2), f(3), f(4)], p.body),
    skewbFace(left, [c[0] - left[0], c[1] - left[1]], [0, bottom[1] - c[1]], f(2), [f(0), f(5), f(3), f(1)], p.body),
    skewbFace(c, [right[0] - c[0], right[1] - c[1]], [0, bottom[1] - c[1]], f(4), [f(0), f(1), f(5), f(3)], p.body),
  ].join('');
}

function square1(p: Palette): string {
  let out = isoCube(p, 1);
  const c: Pt = [400, 265];
  for (let k = 0; k < 12; k++) {
    const a = (k * Math.PI) / 6;
    out += `<line x1="${c[0]}" y1="${c[1]}" x2="${(c[0] + 200 * Math.cos(a)).toFixed(1)}" y2="${(c[1] + 115 * Math.sin(a)).toFixed(1)}" stroke="${p.body}" stroke-width="${k % 3 === 0 ? 12 : 6}"/>`;
  }
  out += '<line x1="201" y1="460" x2="599" y2="460" stroke="#111" stroke-width="12"/>';
  return out;
}

function clock(p: Palette): string {
  let out = `<circle cx="400" cy="370" r="290" fill="${p.accent}"/><circle cx="400" cy="370" r="262" fill="#1d1d1f"/>`;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const x = 250 + i * 150;
      const y = 220 + j * 150;
      const angle = ((i * 3 + j) * 37) % 360;
      out += `<circle cx="${x}" cy="${y}" r="56" fill="#fafafa"/>`;
      out += `<line x1="${x}" y1="${y}" x2="${x + 44 * Math.sin((angle * Math.PI) / 180)}" y2="${y - 44 * Math.cos((angle * Math.PI) / 180)}" stroke="#d32f2f" stroke-width="10" stroke-linecap="round"/>`;
    }
  }
  for (const [x, y] of [
    [325, 295],
    [475, 295],
    [325, 445],
    [475, 445],
  ] as Pt[]) {
    out += `<circle cx="${x}" cy="${y}" r="16" fill="${p.faces[1]}"/>`;
  }
  return out;
}

function mirror(p: Palette, seed: number): string {
  const h = hash(seed);
  const cut = (k: number) => 0.25 + ((h >>> (k * 4)) % 8) / 20;
  const steps = (k: number) => [0, cut(k), Math.min(0.9, cut(k) + 0.3), 1];
  const metal = p.faces[0]!;
  return isoCube({ ...p, gap: 0.05, body: '#6b6f76' }, 3, (face, i, j) => {
    const u = steps(face)[i + 1]! - steps(face)[i]!;
    const v = steps(face + 1)[j + 1]! - steps(face + 1)[j]!;
    return shadeOf(metal, u * v * 0.8 + face * 0.05);
  });
}

export function shadeOf(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const f = (x: number) => Math.max(0, Math.min(255, Math.round(x * (1.05 - amount))));
  return `rgb(${f((n >> 16) & 255)},${f((n >> 8) & 255)},${f(n & 255)})`;
}

function mod(p: Palette, seed: number): string {
  const h = hash(seed);
  return (
    isoCube(p, 3, (face, i, j) => p.faces[(face + ((i + j + h) % 2 === 0 ? 0 : 1) * (1 + (h % 3))) % p.faces.length]!) +
    '<path d="M 250 300 L 550 230 M 300 560 L 480 300" stroke="#111" stroke-width="9" opacity="0.55"/>'
  );
}

function smart(p: Palette): string {
  return (
    isoCube(p, 3) +
    `<circle cx="640" cy="160" r="70" fill="#1e88e5"/><path d="M 620 120 L 665 155 L 640 180 L 640 130 L 665 150 L 620 190" stroke="#fff" stroke-width="9" fill="none" stroke-linejoin="round"/>`
  );
}

function timer(p: Palette): string {
  return `<rect x="90" y="300" width="620" height="260" rx="120" fill="${p.accent}"/>
    <ellipse cx="220" cy="430" rx="95" ry="80" fill="#263238" opacity="0.85"/>
    <ellipse cx="580" cy="430" rx="95" ry="80" fill="#263238" opacity="0.85"/>
    <rect x="320" y="360" width="160" height="90" rx="12" fill="#102027"/>
    <text x="400" y="420" font-family="DejaVu Sans Mono, monospace" font-size="40" fill="#76ff03" text-anchor="middle">0:00.00</text>`;
}

function mat(p: Palette): string {
  return `<rect x="80" y="200" width="640" height="380" rx="40" fill="${p.accent}"/>
    <rect x="110" y="230" width="580" height="320" rx="28" fill="none" stroke="#fff" stroke-width="6" stroke-dasharray="18 12"/>
    <circle cx="400" cy="390" r="80" fill="#fff" opacity="0.35"/>`;
}

function lube(p: Palette): string {
  return `<rect x="320" y="110" width="160" height="90" rx="18" fill="#263238"/>
    <rect x="375" y="60" width="50" height="60" rx="8" fill="#37474f"/>
    <rect x="250" y="190" width="300" height="430" rx="50" fill="${p.accent}"/>
    <rect x="275" y="320" width="250" height="170" rx="14" fill="#fff" opacity="0.9"/>
    <circle cx="400" cy="405" r="45" fill="${p.accent}" opacity="0.6"/>`;
}

function bag(p: Palette): string {
  return `<path d="M 300 250 Q 300 130 400 130 Q 500 130 500 250" stroke="#263238" stroke-width="26" fill="none"/>
    <rect x="150" y="240" width="500" height="380" rx="60" fill="${p.accent}"/>
    <rect x="150" y="330" width="500" height="24" fill="#263238" opacity="0.4"/>
    <rect x="360" y="310" width="80" height="60" rx="10" fill="#eceff1"/>`;
}

function stickers(p: Palette): string {
  let out = '<rect x="150" y="110" width="500" height="560" rx="24" fill="#fafafa" stroke="#cfd8dc" stroke-width="6"/>';
  for (let i = 0; i < 6; i++) {
    for (let j = 0; j < 9; j++) {
      out += `<rect x="${190 + j * 47}" y="${150 + i * 85}" width="38" height="70" rx="8" fill="${p.faces[(i + j) % p.faces.length]}"/>`;
    }
  }
  return out;
}

function stand(p: Palette): string {
  return `<polygon points="250,560 550,560 600,640 200,640" fill="${p.accent}"/>
    <rect x="300" y="260" width="200" height="200" rx="18" fill="none" stroke="#90a4ae" stroke-width="8" stroke-dasharray="16 10" transform="rotate(45 400 360)"/>`;
}

function burr(p: Palette): string {
  return `<rect x="160" y="330" width="480" height="110" rx="16" fill="#c68642" stroke="#7a4a1e" stroke-width="6"/>
    <rect x="345" y="140" width="110" height="480" rx="16" fill="#d9a066" stroke="#7a4a1e" stroke-width="6"/>
    <rect x="250" y="250" width="300" height="110" rx="16" fill="#b5723a" stroke="#7a4a1e" stroke-width="6" transform="rotate(30 400 305)"/>
    <circle cx="400" cy="385" r="26" fill="${p.accent}" opacity="0.6"/>`;
}

/** A snake (Rubik's Twist) laid straight: alternating up and down prisms. */
function snake(p: Palette): string {
  let out = '';
  const w = 110;
  const y0 = 300;
  const y1 = 460;
  for (let k = 0; k < 11; k++) {
    const x = 95 + (k * w) / 2;
    const up = k % 2 === 0;
    const pts: Pt[] = up
      ? [
          [x, y1],
          [x + w, y1],
          [x + w / 2, y0],
        ]
      : [
          [x, y0],
          [x + w, y0],
          [x + w / 2, y1],
        ];
    out += poly(pts, up ? p.accent : '#fafafa', 'stroke="#263238" stroke-width="5" stroke-linejoin="round"');
  }
  return out;
}

function klotski(p: Palette): string {
  let out = '<rect x="190" y="110" width="420" height="540" rx="20" fill="#5d4037"/>';
  const blocks: [number, number, number, number][] = [
    [0, 0, 1, 2],
    [1, 0, 2, 2],
    [3, 0, 1, 2],
    [0, 2, 1, 2],
    [1, 2, 2, 1],
    [3, 2, 1, 2],
    [1, 3, 1, 1],
    [2, 3, 1, 1],
    [0, 4, 1, 1],
    [3, 4, 1, 1],
  ];
  blocks.forEach(([x, y, w, hgt], k) => {
    out += `<rect x="${210 + x * 95 + 4}" y="${130 + y * 100 + 4}" width="${w * 95 - 8}" height="${hgt * 100 - 8}" rx="10" fill="${k === 1 ? p.accent : (p.faces[(k % 5) + 1] ?? '#ffd54f')}"/>`;
  });
  return out;
}

function fidget(p: Palette): string {
  let out = '';
  for (let k = 0; k < 3; k++) {
    const a = -Math.PI / 2 + (k * 2 * Math.PI) / 3;
    const x = 400 + 170 * Math.cos(a);
    const y = 380 + 170 * Math.sin(a);
    out += `<line x1="400" y1="380" x2="${x.toFixed(1)}" y2="${y.toFixed(1)}" stroke="${p.accent}" stroke-width="110" stroke-linecap="round"/>`;
    out += `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="48" fill="#eceff1"/>`;
  }
  return out + '<circle cx="400" cy="380" r="62" fill="#eceff1"/><circle cx="400" cy="380" r="30" fill="#90a4ae"/>';
}

function retailBox(p: Palette, brand: string): string {
  return `<polygon points="200,230 400,150 600,230 400,310" fill="${shadeOf(p.accent, -0.1)}"/>
    <polygon points="200,230 400,310 400,640 200,560" fill="${p.accent}"/>
    <polygon points="400,310 600,230 600,560 400,640" fill="${shadeOf(p.accent, 0.25)}"/>
    <text x="300" y="450" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="42" fill="#fff" text-anchor="middle" transform="skewY(22) translate(0 -120)">${escapeXml(brand.slice(0, 10))}</text>`;
}

/** The drawing of one view of a design. */
export function drawing(d: ImageDesign, p: Palette): string {
  if (d.view === 2) return retailBox(p, d.brand);
  if (d.view === 1 && (d.shape === 'cube' || d.shape === 'smart' || d.shape === 'mod')) return flatFace(p, d.shape === 'cube' ? d.order : 3);
  const alt = d.view === 1 ? { ...p, faces: [...p.faces.slice(2), ...p.faces.slice(0, 2)] } : p;
  switch (d.shape) {
    case 'cube':
      return isoCube(alt, d.order);
    case 'megaminx':
      return megaminx(alt);
    case 'pyraminx':
      return pyraminx(alt);
    case 'skewb':
      return skewb(alt);
    case 'square1':
      return square1(alt);
    case 'clock':
      return clock(alt);
    case 'mirror':
      return mirror(alt, d.seed + d.view);
    case 'mod':
      return mod(alt, d.seed);
    case 'smart':
      return smart(alt);
    case 'timer':
      return timer(alt);
    case 'mat':
      return mat(alt);
    case 'lube':
      return lube(alt);
    case 'bag':
      return bag(alt);
    case 'stickers':
      return stickers(alt);
    case 'stand':
      return stand(alt);
    case 'burr':
      return burr(alt);
    case 'snake':
      return snake(alt);
    case 'klotski':
      return klotski(alt);
    case 'fidget':
      return fidget(alt);
  }
}
