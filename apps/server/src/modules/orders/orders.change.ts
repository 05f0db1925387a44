import { staffCan, type TStaffCapability } from '@cubeshop/shared';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/app-error.js';
import type { StaffActor } from '../audit/audit.service.js';
import type { BuyerContact } from './orders.notify.js';
import type { OrderRow } from './orders.repository.js';

/** A staff change needs this capability (403 otherwise). */
export function must(actor: StaffActor, capability: TStaffCapability): void {
  if (!staffCan(actor.role, capability)) throw forbidden();
}

/**
 * Runs a staff change under the order's lock: `work` gets the transaction, the locked row, the
 * buyer's contact, and `moved` to name the products whose stock it changed (told after the commit).
 */
export type OrderChange = (
  id: number,
  work: (tx: Db, row: OrderRow, buyer: BuyerContact | undefined, moved: (itemIds: readonly number[]) => void) => Promise<void>,
) => Promise<void>;
