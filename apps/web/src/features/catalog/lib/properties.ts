import { formatVolume, formatWeight } from '@cubeshop/shared';
import type { TProductDetail } from '../api/types';

/** The properties list of the detail, in the order of docs/requirements.md, Screens (product page). */
export const PROPERTY_KEYS = [
  'itemId',
  'supplier',
  'unitNw',
  'unitGw',
  'unitVolume',
  'unitVolumeWeight',
  'nw',
  'gw',
  'volume',
  'volumeWeight',
  'comment',
  'totalVolumeWeight',
  'pkg',
  'carton',
  'pcs',
  'dimension',
  'barcode',
] as const;
export type TPropertyKey = (typeof PROPERTY_KEYS)[number];

const text = (v: string | null | undefined) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
const weight = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? formatWeight(v) : undefined);
const volume = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? formatVolume(v) : undefined);

/**
 * Each property shown only when present: weights with 4 decimals and kg, volumes with 4 decimals
 * and m³ (docs/requirements.md, Constants); the unit texts ("85g") as the server wrote them.
 */
export function productProperties(p: TProductDetail): { key: TPropertyKey; value: string }[] {
  const values: Record<TPropertyKey, string | undefined> = {
    itemId: String(p.id),
    supplier: text(p.supplier?.name),
    unitNw: text(p.unitNwDesc),
    unitGw: text(p.unitGwDesc),
    unitVolume: text(p.unitVolumeDesc),
    unitVolumeWeight: text(p.unitVolumeWeightDesc),
    nw: weight(p.nw),
    gw: weight(p.gw),
    volume: volume(p.volume),
    volumeWeight: weight(p.volumeWeight),
    comment: text(p.comment),
    totalVolumeWeight: weight(p.totalVolumeWeight),
    pkg: text(p.pkg),
    carton: text(p.carton),
    pcs: typeof p.pcs === 'number' ? String(p.pcs) : undefined,
    dimension: text(p.dimension),
    barcode: text(p.barcode),
  };
  return PROPERTY_KEYS.flatMap((key) => (values[key] === undefined ? [] : [{ key, value: values[key] }]));
}
