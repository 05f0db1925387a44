/**
 * The relevance test set (docs/catalog.md, Search): what a buyer types and which products must
 * come first, over the demo catalog (`seedCatalog`, the first 1,084 SKUs: every model in its
 * retail and its wholesale variant). catalog.relevance.test.ts runs every case; a change to
 * search that breaks one fails it. Names are the demo products' Chinese names. `model`: a model
 * name as cubers type it (letters and digits together or apart, hyphens); `short`: a short form
 * from the search_synonyms table (kind short).
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
  kind: 'zh' | 'en' | 'pinyin' | 'initials' | 'typo' | 'id' | 'barcode' | 'synonym' | 'mixed' | 'model' | 'short';
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

  // Model names as cubers write them: letters and digits together or apart, with or without hyphens.
  { query: 'GAN356', kind: 'model', top: { n: 10, brand: 'GAN', name: ['356'] } },
  { query: 'gan-356', kind: 'model', top: { n: 10, brand: 'GAN', name: ['356'] } },
  { query: 'gan356m', kind: 'model', top: { n: 2, nameAll: ['GAN 356 M'] }, none: 'XS' },
  { query: 'gan 356 m', kind: 'model', top: { n: 2, nameAll: ['GAN 356 M'] } },
  { query: 'gan356xs', kind: 'model', top: { n: 2, nameAll: ['356 XS'] } },
  { query: 'valk3', kind: 'model', top: { n: 4, nameAll: ['Valk 3'] }, none: '战士' },
  { query: 'valk 3', kind: 'model', top: { n: 4, nameAll: ['Valk 3'] } },
  { query: 'wrmv10', kind: 'model', top: { n: 6, nameAll: ['WRM V10'] }, none: 'V9' },
  { query: 'WRM V10', kind: 'model', top: { n: 6, nameAll: ['WRM V10'] }, none: 'V9' },
  { query: 'WeiLong WRM V10', kind: 'model', top: { n: 6, nameAll: ['威龙 WRM V10'] }, none: 'V9' },
  { query: 'wrm-v9', kind: 'model', top: { n: 6, nameAll: ['WRM V9'] }, none: 'V10' },
  { query: 'rs3m2020', kind: 'model', top: { n: 2, nameAll: ['RS3M 2020'] }, none: 'V5' },
  { query: 'RS3M 2020', kind: 'model', top: { n: 2, nameAll: ['RS3M 2020'] } },
  { query: 'rs3mv5', kind: 'model', top: { n: 4, nameAll: ['RS3M V5'] } },
  { query: 'mgc3x3', kind: 'model', top: { n: 4, nameAll: ['MGC'], category: '三阶魔方' } },
  { query: 'MGC 3x3', kind: 'model', top: { n: 4, nameAll: ['MGC'], category: '三阶魔方' } },
  { query: 'mgc 3 x 3', kind: 'model', top: { n: 4, nameAll: ['MGC'], category: '三阶魔方' } },
  { query: 'mgc2x2', kind: 'model', top: { n: 2, nameAll: ['MGC'], category: '二阶魔方' } },
  { query: '3 x 3', kind: 'model', top: { n: 60, name: ['三阶'] } },
  { query: 'x-man tornado v3', kind: 'model', top: { n: 4, nameAll: ['龙卷风 V3'] }, none: 'V4' },
  { query: 'tornadov3', kind: 'model', top: { n: 4, nameAll: ['龙卷风 V3'] }, none: 'V4' },
  { query: 'xman tornado', kind: 'model', top: { n: 6, nameAll: ['X-Man 龙卷风'] } },
  { query: 'xman', kind: 'model', top: { n: 10, brand: 'X-Man' } },
  { query: 'yj mgc elite', kind: 'model', top: { n: 2, nameAll: ['MGC Elite'] } },
  { query: 'qiyi ms', kind: 'model', top: { n: 10, brand: '奇艺', name: ['MS'] } },
  { query: 'moyu rs3m', kind: 'model', top: { n: 10, brand: '魔域', name: ['RS3M'] } },
  { query: 'gan12', kind: 'model', top: { n: 2, nameAll: ['GAN 12'] }, none: 'GAN 11' },
  { query: 'gan 12 maglev', kind: 'model', top: { n: 2, nameAll: ['GAN 12 M MagLev'] }, none: 'GAN 11' },
  { query: 'gan11mpro', kind: 'model', top: { n: 2, nameAll: ['GAN 11 M Pro'] } },
  { query: 'gan460', kind: 'model', top: { n: 2, nameAll: ['GAN 460'] } },
  { query: 'gan 562m', kind: 'model', top: { n: 2, nameAll: ['GAN 562 M'] } },
  { query: 'gts3', kind: 'model', top: { n: 4, nameAll: ['GTS3'] } },
  { query: 'gts', kind: 'model', top: { n: 4, nameAll: ['GTS3'] } },
  { query: 'weilonggts3', kind: 'model', top: { n: 4, nameAll: ['威龙 GTS3'] } },
  { query: 'tengyunv2', kind: 'model', top: { n: 2, nameAll: ['腾云 V2'] } },
  { query: 'g5pro', kind: 'model', top: { n: 2, nameAll: ['G5 Pro'] } },
  { query: 'dnm37', kind: 'model', top: { n: 2, nameAll: ['DNM-37'] } },
  { query: '356i3', kind: 'model', top: { n: 2, nameAll: ['356 i3'] } },
  { query: 'cubestand', kind: 'model', top: { n: 2, name: ['魔方底座'] } },
  { query: 'magneticpyraminx', kind: 'model', top: { n: 10, nameAll: ['磁力金字塔'] } },
  { query: 'yj mgc', kind: 'model', top: { n: 10, brand: '永骏', name: ['MGC'] } },
  { query: 'gan魔方', kind: 'model', top: { n: 20, brand: 'GAN' } },
  { query: '魔域威龙', kind: 'model', top: { n: 10, brand: '魔域', name: ['威龙'] } },
  { query: 'rubiks', kind: 'model', top: { n: 6, brand: '鲁比克' } },

  // Short forms cubers write (search_synonyms of kind short, migration 0018_search_short_forms).
  { query: 'xmd', kind: 'short', top: { n: 10, brand: 'X-Man' } },
  { query: 'xmd tornado', kind: 'short', top: { n: 6, nameAll: ['龙卷风'] } },
  { query: 'cb', kind: 'short', top: { n: 6, brand: '旋风男孩' } },
  { query: 'sengso', kind: 'short', top: { n: 10, brand: '圣手' } },
  { query: 'mega', kind: 'short', top: { n: 10, name: ['五魔'] } },
  { query: 'pyra', kind: 'short', top: { n: 10, name: ['金字塔'] } },
  { query: 'sq', kind: 'short', top: { n: 10, name: ['SQ1'] } },
  { query: 'stackmat', kind: 'short', top: { n: 3, brand: 'SpeedStacks' } },
  { query: 'wl', kind: 'short', top: { n: 10, name: ['威龙'] } },
  { query: 'ty', kind: 'short', top: { n: 4, name: ['腾云'] } },
  { query: 'bc', kind: 'short', top: { n: 10, name: ['球芯'] } },
  { query: 'wl v9', kind: 'short', top: { n: 4, nameAll: ['威龙 WRM V9'] } },

  // Misspellings of models, series and puzzles.
  { query: 'tornadoo', kind: 'typo', top: { n: 6, name: ['龙卷风'] } },
  { query: 'weilogn', kind: 'typo', top: { n: 10, name: ['威龙'] } },
  { query: 'megamix', kind: 'typo', top: { n: 10, name: ['五魔'] } },
  { query: 'skweb', kind: 'typo', top: { n: 10, name: ['斜转'] } },
  { query: 'shengshuo', kind: 'typo', top: { n: 6, brand: '圣手' } },
  { query: 'tengyn', kind: 'typo', top: { n: 4, name: ['腾云'] } },

  // Typos (one edit in a word of 5+ letters) and what is not there.
  { query: 'tornaod', kind: 'typo', top: { n: 6, name: ['龙卷风'] } },
  { query: 'shengsou', kind: 'typo', top: { n: 6, brand: '圣手' } },
  { query: 'speedstaks', kind: 'typo', top: { n: 4, brand: 'SpeedStacks' } },
  { query: 'magnetci', kind: 'typo', top: { n: 20, name: ['磁力'] } },
  { query: 'gans', kind: 'typo', count: 0 },
  { query: 'gan357', kind: 'model', count: 0 },
  { query: 'valk4', kind: 'model', count: 0 },
  { query: 'xyzzyq', kind: 'en', count: 0 },
  { query: '无此商品', kind: 'zh', count: 0 },
];
