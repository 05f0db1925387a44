import { z } from 'zod';

/** GET /api/selector/region: one country or region (ISO 3166-1 alpha-2). */
export const ZRegion = z.object({
  id: z.string(),
  /** The name in the request's language. */
  name: z.string(),
  zh: z.string(),
  en: z.string(),
  /** International dialling code without "+", e.g. "86"; null for places without one (Antarctica ...). */
  dialCode: z.string().nullable(),
});
export type TRegion = z.infer<typeof ZRegion>;
/** Mainland China first, then by name in the request's language. */
export const ZRegionList = z.array(ZRegion);
