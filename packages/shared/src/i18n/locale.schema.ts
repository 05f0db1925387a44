import { z } from 'zod';
import { LOCALES } from './locale.js';

/** Schema of a language. Kept apart from the locale helpers so the web's first load needs no zod. */
export const ZLocale = z.enum(LOCALES);
