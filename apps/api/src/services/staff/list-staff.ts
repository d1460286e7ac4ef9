import type { Database } from '@clube/db';
import { selectStaffMembers } from './staff-rows';

/** The club's staff with their roles (the caller's access to the club was checked). */
export async function listStaff(db: Database, options: { companyId: string }) {
  return selectStaffMembers(db, { companyId: options.companyId });
}
