import { companyStaff, staffInvitations, type Database } from '@clube/db';
import type { UpdateStaffRoleBody } from '@clube/shared';
import { recordAudit } from '../../lib/audit';
import {
  assertAnotherAdministrator,
  invitationOf,
  lockStaffMember,
  selectStaffMembers,
  staffMemberOf,
} from './staff-rows';

export type UpdateStaffRoleOptions = UpdateStaffRoleBody & {
  companyId: string;
  userId: string;
  /** Null for the CLI. */
  actorUserId: string | null;
};

/**
 * Gives a staff member another role in the club; it applies to their next request. A pending
 * invitation's role changes too (the person gets it on accepting). The club's last
 * administrator cannot be demoted (`LastAdministrator`).
 */
export async function updateStaffRole(db: Database, options: UpdateStaffRoleOptions) {
  const { companyId, userId, role } = options;
  return db.transaction(async (tx) => {
    const { role: currentRole, isPending } = await lockStaffMember(tx, { companyId, userId });
    if (currentRole !== role) {
      if (isPending) {
        await tx.update(staffInvitations).set({ role }).where(invitationOf(companyId, userId));
      } else {
        await assertAnotherAdministrator(tx, { companyId, userId, currentRole, newRole: role });
        await tx.update(companyStaff).set({ role }).where(staffMemberOf(companyId, userId));
      }
      await recordAudit(tx, {
        companyId,
        actorUserId: options.actorUserId,
        action: 'staff.change-role',
        entityType: 'user',
        entityId: userId,
        data: { before: { role: currentRole }, after: { role } },
      });
    }
    const [member] = await selectStaffMembers(tx, { companyId, userId });
    return member!;
  });
}
