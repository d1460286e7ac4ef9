import { companyStaff, type Database } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertAnotherAdministrator, lockClubStaff } from './staff-rows';

export type RemoveStaffOptions = { companyId: string; userId: string; actorUserId: string };

/**
 * Takes a person off the club's staff. Their account stays (it may work in other clubs); every
 * request they make from the next one on opens nothing of this club, since each request reads
 * the caller's clubs again. The club's last administrator cannot be removed.
 */
export async function removeStaff(db: Database, options: RemoveStaffOptions): Promise<void> {
  const { companyId, userId } = options;
  await db.transaction(async (tx) => {
    await lockClubStaff(tx, { companyId });
    const [current] = await tx
      .select({ role: companyStaff.role })
      .from(companyStaff)
      .where(and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId)));
    if (!current) throw new AppError('StaffMemberNotFound');
    await assertAnotherAdministrator(tx, { companyId, userId, currentRole: current.role });
    await tx
      .delete(companyStaff)
      .where(and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId)));
    await recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action: 'staff.remove',
      entityType: 'user',
      entityId: userId,
      data: { role: current.role },
    });
  });
}
