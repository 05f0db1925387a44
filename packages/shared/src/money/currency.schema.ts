import { z } from 'zod';
import { CURRENCIES } from './currency.js';

/** Schema of a display currency. Kept apart from the formatters so pages that only format money load no zod. */
export const ZCurrency = z.enum(CURRENCIES);
