import { companyStaff, staffInvitations, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit';
import { endAllSessions } from '../auth/end-all-sessions';
import { revokeLiveLinks } from './accept-staff-invitation';
import {
  assertAnotherAdministrator,
  invitationOf,
  lockStaffMember,
  staffMemberOf,
} from './staff-rows';

export type RemoveStaffOptions = { companyId: string; userId: string; actorUserId: string };

/**
 * Takes a person off the club's staff, or withdraws the club's pending invitation: its links and
 * its one-time password stop working. Their account stays (it may work in other clubs); every
 * request they make from the next one on opens nothing of this club, since each request reads
 * the caller's clubs again. When no club is left open to them, every session and password link
 * of the account ends too: nothing got through this club outlives it. The club's last
 * administrator cannot be removed.
 */
export async function removeStaff(db: Database, options: RemoveStaffOptions): Promise<void> {
  const { companyId, userId } = options;
  await db.transaction(async (tx) => {
    const { role, isPending } = await lockStaffMember(tx, { companyId, userId });
    if (isPending) {
      await tx.delete(staffInvitations).where(invitationOf(companyId, userId));
    } else {
      await assertAnotherAdministrator(tx, { companyId, userId, currentRole: role });
      await tx.delete(companyStaff).where(staffMemberOf(companyId, userId));
    }
    await revokeLiveLinks(tx, { userId, companyId });
    const [stillOpen] = await tx
      .select({ companyId: companyStaff.companyId })
      .from(companyStaff)
      .where(eq(companyStaff.userId, userId))
      .limit(1);
    if (!stillOpen) {
      await endAllSessions(tx, { userId });
      await revokeLiveLinks(tx, { userId, companyId: null });
    }
    await recordAudit(tx, {
      companyId,
      actorUserId: options.actorUserId,
      action: 'staff.remove',
      entityType: 'user',
      entityId: userId,
      data: { role, ...(isPending ? { invitationPending: true } : {}) },
    });
  });
}
