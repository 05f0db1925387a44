/**
 * The relevance test set (docs/catalog.md, Search): what a buyer types and which products must
 * come first, over the demo catalog (`seedCatalog`, the first 1,084 SKUs: every model in its
 * retail and its wholesale variant). catalog.relevance.test.ts runs every case; a change to
 * search that breaks one fails it. Names are the demo products' Chinese names.
 *
 * A case's `query` is a keyword, or a product named by its Chinese name whose barcode or SKU id
 * is searched. Then:
 * - `first`: the product that must be first;
 * - `top`: each of the first `n` results (all of them when fewer) must pass every given check:
 *   `brand` (Chinese brand name), `category` (Chinese category name), `name` (one of these in
 *   the Chinese or English name), `nameAll` (all of these in the Chinese name), `about` (one
 *   of these in the Chinese name or category name), `type` (one of the product's types, Chinese);
 * - `none`: no result on the first page has this in its Chinese name;
 * - `count`: how many results exactly (0: the search finds nothing);
 * - `min`: at least this many results.
 */
export interface RelevanceCase {
  query: string | { barcodeOf: string } | { idOf: string };
  kind: 'zh' | 'en' | 'pinyin' | 'initials' | 'typo' | 'id' | 'barcode' | 'synonym' | 'mixed';
  first?: string;
  top?: { n: number; brand?: string; category?: string; name?: string[]; nameAll?: string[]; about?: string[]; type?: string };
  none?: string;
  count?: number;
  min?: number;
}

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Product ids and barcodes: exactly that product, first.
  { query: { barcodeOf: 'GAN 356 M 三阶磁力魔方' }, kind: 'barcode', first: 'GAN 356 M 三阶磁力魔方' },
  { query: { idOf: 'GAN 356 M 三阶磁力魔方' }, kind: 'id', first: 'GAN 356 M 三阶磁力魔方' },
  { query: { barcodeOf: '裕鑫 金刚 镜面魔方' }, kind: 'barcode', first: '裕鑫 金刚 镜面魔方' },
  { query: { idOf: '魔域 威龙 WRM V9 三阶磁力魔方' }, kind: 'id', first: '魔域 威龙 WRM V9 三阶磁力魔方' },
  { query: { barcodeOf: 'SpeedStacks Gen 5 计时器' }, kind: 'barcode', first: 'SpeedStacks Gen 5 计时器' },
  { query: { idOf: '奇艺 魔表' }, kind: 'id', first: '奇艺 魔表' },

  // Brands, in any script: the brand's products first; 金刚 (jin-gang) is not GAN.
  { query: 'gan', kind: 'en', top: { n: 40, brand: 'GAN' }, none: '金刚' },
  { query: 'GAN', kind: 'en', top: { n: 10, brand: 'GAN' } },
  { query: 'moyu', kind: 'pinyin', top: { n: 40, brand: '魔域' } },
  { query: '魔域', kind: 'zh', top: { n: 40, brand: '魔域' } },
  { query: 'qiyi', kind: 'pinyin', top: { n: 40, brand: '奇艺' } },
  { query: '奇艺', kind: 'zh', top: { n: 10, brand: '奇艺' } },
  { query: 'yuxin', kind: 'pinyin', top: { n: 40, brand: '裕鑫' } },
  { query: 'dayan', kind: 'pinyin', top: { n: 10, brand: '大雁' } },
  { query: 'yj', kind: 'initials', top: { n: 10, brand: '永骏' } },
  { query: 'yongjun', kind: 'pinyin', top: { n: 10, brand: '永骏' } },
  { query: 'shengshou', kind: 'pinyin', top: { n: 10, brand: '圣手' } },
  { query: 'x-man', kind: 'en', top: { n: 10, brand: 'X-Man' } },
  { query: 'meilong', kind: 'pinyin', top: { n: 4, brand: '美龙' } },
  { query: 'speedstacks', kind: 'en', top: { n: 4, brand: 'SpeedStacks' } },

  // Models and words of the name.
  { query: 'weilong', kind: 'pinyin', top: { n: 10, name: ['威龙'] } },
  { query: '威龙', kind: 'zh', top: { n: 10, name: ['威龙'] } },
  { query: 'tornado', kind: 'en', top: { n: 10, name: ['龙卷风'] } },
  { query: '龙卷风', kind: 'zh', top: { n: 10, name: ['龙卷风'] } },
  { query: 'rs3m', kind: 'en', top: { n: 10, name: ['RS3M'] } },
  { query: 'v9', kind: 'en', top: { n: 8, name: ['V9'] } },
  { query: 'gan 356', kind: 'mixed', top: { n: 10, brand: 'GAN', name: ['356'] } },
  { query: 'moyu weilong', kind: 'pinyin', top: { n: 10, brand: '魔域', name: ['威龙'] } },
  { query: 'kingkong', kind: 'en', top: { n: 6, name: ['金刚'] }, count: 6 },
  { query: '金刚', kind: 'zh', top: { n: 6, name: ['金刚'] }, count: 6 },
  { query: 'jingang', kind: 'pinyin', top: { n: 6, name: ['金刚'] }, count: 6 },
  { query: 'maglev', kind: 'en', top: { n: 20, name: ['MagLev', '磁悬浮'] } },
  { query: 'weilong v9', kind: 'mixed', top: { n: 6, nameAll: ['威龙', 'V9'] } },

  // Sizes and puzzles: 3x3 = 三阶 = 3阶, 2x2 = 二阶, 金字塔 = pyraminx, 五魔 = megaminx ...
  { query: '3x3', kind: 'synonym', top: { n: 60, name: ['三阶'] } },
  { query: '三阶', kind: 'zh', top: { n: 60, name: ['三阶'] } },
  { query: '3阶', kind: 'synonym', top: { n: 60, name: ['三阶'] } },
  { query: 'sanjie', kind: 'pinyin', top: { n: 60, name: ['三阶'] } },
  { query: '2x2', kind: 'synonym', top: { n: 30, name: ['二阶'] } },
  { query: '二阶', kind: 'zh', top: { n: 30, name: ['二阶'] } },
  { query: '4x4', kind: 'en', top: { n: 20, name: ['4x4'] } },
  { query: '4阶', kind: 'synonym', top: { n: 20, name: ['四阶'] } },
  { query: '五阶', kind: 'zh', top: { n: 20, name: ['五阶'] } },
  { query: '金字塔', kind: 'zh', top: { n: 30, name: ['金字塔'] } },
  { query: 'pyraminx', kind: 'synonym', top: { n: 30, name: ['金字塔'] } },
  { query: 'pyramix', kind: 'typo', top: { n: 30, name: ['金字塔'] } },
  { query: 'pyramnix', kind: 'typo', top: { n: 30, name: ['金字塔'] } },
  { query: '五魔', kind: 'synonym', top: { n: 30, name: ['五魔'] } },
  { query: 'megaminx', kind: 'synonym', top: { n: 30, name: ['五魔'] } },
  { query: 'skewb', kind: 'synonym', top: { n: 30, name: ['斜转'] } },
  { query: 'xiezhuan', kind: 'pinyin', top: { n: 30, name: ['斜转'] } },
  { query: 'mirror', kind: 'synonym', top: { n: 30, name: ['镜面'] } },
  { query: '镜面', kind: 'zh', top: { n: 30, name: ['镜面'] } },
  { query: 'jm', kind: 'initials', top: { n: 20, category: '镜面魔方' } },
  { query: 'sq1', kind: 'en', top: { n: 20, name: ['SQ1'] } },
  { query: 'clock', kind: 'synonym', top: { n: 10, name: ['魔表'] } },
  { query: '魔表', kind: 'zh', top: { n: 10, name: ['魔表'] } },

  // Accessories.
  { query: 'timer', kind: 'en', top: { n: 12, category: '计时器' } },
  { query: '计时器', kind: 'zh', top: { n: 12, category: '计时器' } },
  { query: 'jishiqi', kind: 'pinyin', top: { n: 12, category: '计时器' } },
  { query: 'lube', kind: 'synonym', top: { n: 12, category: '润滑油' } },
  { query: '润滑油', kind: 'zh', top: { n: 12, category: '润滑油' } },
  { query: 'runhuayou', kind: 'pinyin', top: { n: 12, category: '润滑油' } },
  { query: 'bag', kind: 'en', top: { n: 6, name: ['魔方包'] } },
  { query: 'smart', kind: 'synonym', top: { n: 12, name: ['智能'] } },
  { query: '智能', kind: 'zh', top: { n: 12, name: ['智能'] } },
  { query: 'zhineng', kind: 'pinyin', top: { n: 12, name: ['智能'] } },

  // Magnetic = 磁力 = M, stickerless = 实色, cube = 魔方.
  { query: '磁力', kind: 'zh', top: { n: 60, name: ['磁力'] } },
  { query: 'magnetic', kind: 'synonym', top: { n: 60, name: ['磁力'] } },
  { query: 'magentic', kind: 'typo', top: { n: 60, name: ['磁力'] } },
  { query: 'cili', kind: 'pinyin', top: { n: 60, name: ['磁力'] } },
  { query: 'M', kind: 'en', top: { n: 20, name: [' M '] } },
  { query: '三阶 磁力', kind: 'zh', top: { n: 60, nameAll: ['三阶', '磁力'] } },
  { query: '3x3 magnetic', kind: 'synonym', top: { n: 60, nameAll: ['三阶', '磁力'] } },
  { query: 'sanjie cili', kind: 'pinyin', top: { n: 60, nameAll: ['三阶', '磁力'] } },
  // s-j-c-l: 三阶磁力, 四阶磁力, 十阶磁力 alike.
  { query: 'sjcl', kind: 'initials', top: { n: 60, name: ['阶磁力'] } },
  { query: 'magnetic 2x2', kind: 'synonym', top: { n: 20, nameAll: ['二阶', '磁力'] } },
  { query: 'gan 2x2', kind: 'mixed', top: { n: 6, brand: 'GAN', name: ['二阶'] } },
  { query: 'moyu 3x3', kind: 'mixed', top: { n: 20, brand: '魔域', name: ['三阶'] } },
  { query: 'mofang', kind: 'pinyin', top: { n: 60, about: ['魔方'] } },
  { query: 'mf', kind: 'initials', top: { n: 60, about: ['魔方'] } },
  { query: '魔方', kind: 'zh', top: { n: 60, about: ['魔方'] } },
  { query: 'cube', kind: 'synonym', top: { n: 60, name: ['Cube'] } },
  { query: 'stickerless', kind: 'synonym', top: { n: 30, type: '实色' } },
  { query: '实色', kind: 'zh', top: { n: 30, type: '实色' } },
  { query: 'uv', kind: 'en', top: { n: 30, name: ['UV'] } },

  // Typos (one edit in a word of 5+ letters) and what is not there.
  { query: 'tornaod', kind: 'typo', top: { n: 6, name: ['龙卷风'] } },
  { query: 'shengsou', kind: 'typo', top: { n: 6, brand: '圣手' } },
  { query: 'speedstaks', kind: 'typo', top: { n: 4, brand: 'SpeedStacks' } },
  { query: 'magnetci', kind: 'typo', top: { n: 20, name: ['磁力'] } },
  { query: 'gans', kind: 'typo', count: 0 },
  { query: 'xyzzyq', kind: 'en', count: 0 },
  { query: '无此商品', kind: 'zh', count: 0 },
];
