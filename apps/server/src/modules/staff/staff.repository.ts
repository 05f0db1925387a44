import type { Db } from '../../db/client.js';

/** The staff module owns no table: the users are the account module's. It runs the transaction a staff change commits in. */
export function createStaffRepository(db: Db) {
  return {
    /** Runs `work` in one transaction (the account change, its audit entries, its mail and the ended sessions commit together). */
    transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => work(tx as unknown as Db));
    },
  };
}
export type StaffRepository = ReturnType<typeof createStaffRepository>;
