import { companyStaff, type Database } from '@clube/db';
import { recordAudit } from '../../lib/audit';
import { assertAnotherAdministrator, lockStaffMember, staffMemberOf } from './staff-rows';

export type RemoveStaffOptions = { companyId: string; userId: string; actorUserId: string };

/**
 * Takes a person off the club's staff. Their account stays (it may work in other clubs); every
 * request they make from the next one on opens nothing of this club, since each request reads
 * the caller's clubs again. The club's last administrator cannot be removed.
 */
export async function removeStaff(db: Database, options: RemoveStaffOptions): Promise<void> {
  const { companyId, userId } = options;
  await db.transaction(async (tx) => {
    const currentRole = await lockStaffMember(tx, { companyId, userId });
    await assertAnotherAdministrator(tx, { companyId, userId, currentRole });
    await tx.delete(companyStaff).where(staffMemberOf(companyId, userId));
    await recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action: 'staff.remove',
      entityType: 'user',
      entityId: userId,
      data: { role: currentRole },
    });
  });
}
