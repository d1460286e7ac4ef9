import { companyStaff, type Database } from '@clube/db';
import type { UpdateStaffRoleBody } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { assertAnotherAdministrator, lockClubStaff, selectStaffMembers } from './staff-rows';

export type UpdateStaffRoleOptions = UpdateStaffRoleBody & {
  companyId: string;
  userId: string;
  /** Null for the CLI. */
  actorUserId: string | null;
};

/**
 * Gives a staff member another role in the club; it applies to their next request. The club's
 * last administrator cannot be demoted (`LastAdministrator`).
 */
export async function updateStaffRole(db: Database, options: UpdateStaffRoleOptions) {
  const { companyId, userId, role } = options;
  return db.transaction(async (tx) => {
    await lockClubStaff(tx, { companyId });
    const [current] = await tx
      .select({ role: companyStaff.role })
      .from(companyStaff)
      .where(and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId)));
    if (!current) throw new AppError('StaffMemberNotFound');
    if (current.role !== role) {
      await assertAnotherAdministrator(tx, {
        companyId,
        userId,
        currentRole: current.role,
        newRole: role,
      });
      await tx
        .update(companyStaff)
        .set({ role })
        .where(and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId)));
      await recordAudit(tx, {
        companyId,
        actorUserId: options.actorUserId,
        action: 'staff.change-role',
        entityType: 'user',
        entityId: userId,
        data: { before: { role: current.role }, after: { role } },
      });
    }
    const [member] = await selectStaffMembers(tx, { companyId, userId });
    return member!;
  });
}
