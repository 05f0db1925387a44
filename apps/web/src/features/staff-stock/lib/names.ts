import { getLocale } from '@/lib/locale';

/** A product's name in the reader's language. */
export const nameOf = (row: { nameZh: string; nameEn: string }) => (getLocale() === 'zh' ? row.nameZh || row.nameEn : row.nameEn || row.nameZh);

/** A style's name in the reader's language ('' for the one line of a product without styles). */
export const styleNameOf = (style: { code: string; zh: string; en: string }) =>
  style.code === '' ? '' : (getLocale() === 'zh' ? style.zh || style.en : style.en || style.zh) || style.code;
