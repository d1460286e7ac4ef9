import {
  formatCpf,
  staffRoleLabels,
  staffRoles,
  type StaffMember,
  type StaffRole,
} from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputStyles } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { useSession } from '@/lib/session';
import { useRemoveStaff } from '../api/remove-staff';
import { useStaff } from '../api/get-staff';
import { useUpdateStaffRole } from '../api/update-staff-role';
import { AddStaffDialog } from '../components/add-staff-dialog';

/** 'Equipe': the club's staff with their roles; administrators add, change and remove people. */
export function StaffPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const userId = useSession()?.user.id;
  const staff = useStaff(company.id);
  const updateRole = useUpdateStaffRole(company.id);
  const removeStaff = useRemoveStaff(company.id);
  const [isAdding, setIsAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffMember | null>(null);

  const changeRole = (member: StaffMember, role: StaffRole) =>
    updateRole.mutate(
      { userId: member.userId, role },
      {
        onSuccess: () =>
          toast.success(t('staff.roleChanged', { name: member.name, role: staffRoleLabels[role] })),
        onError: (error) => toast.error(errorMessageOf(error, t('staff.roleChangeError'))),
      },
    );

  const confirmRemove = () => {
    if (!removing) return;
    removeStaff.mutate(removing.userId, {
      onSuccess: () => {
        toast.success(t('staff.removed', { name: removing.name }));
        setRemoving(null);
      },
      onError: (error) => {
        toast.error(errorMessageOf(error, t('staff.removeError')));
        setRemoving(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={t('staff.title')}
        description={t('staff.description')}
        actions={<Button onClick={() => setIsAdding(true)}>{t('staff.add.open')}</Button>}
      />
      <Alert className="mb-4">
        <p>{t('staff.rolesExplained')}</p>
      </Alert>
      {staff.isPending ? (
        <LoadingState label={t('staff.loading')} />
      ) : staff.isError ? (
        <Alert tone="error">{errorMessageOf(staff.error, t('staff.error'))}</Alert>
      ) : (
        <Card>
          <ul className="divide-y divide-slate-200">
            {staff.data.map((member) => (
              <li
                key={member.userId}
                className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6"
              >
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {member.name}
                    {member.userId === userId && (
                      <span className="ml-2 text-sm font-normal text-slate-600">
                        {t('staff.you')}
                      </span>
                    )}
                    {member.invitationPending && (
                      <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                        {t('staff.invitationPending')}
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-slate-600 tabular-nums">
                    {formatCpf(member.cpf)}
                    {member.email ? ` · ${member.email}` : ''}
                  </p>
                  {member.mustChangePassword && (
                    <p className="text-sm text-amber-800">{t('staff.pendingPassword')}</p>
                  )}
                  {member.invitationPending && (
                    <p className="text-sm text-amber-800">
                      {member.invitedByEmail && member.email
                        ? t('staff.invitationPendingByEmail', { email: member.email })
                        : t('staff.invitationPendingByCode')}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${member.userId}`}>
                    {t('staff.roleOf', { name: member.name })}
                  </label>
                  <select
                    id={`role-${member.userId}`}
                    value={member.role}
                    disabled={updateRole.isPending}
                    onChange={(event) => changeRole(member, event.target.value as StaffRole)}
                    className={`${inputStyles(false)} sm:w-44`}
                  >
                    {staffRoles.map((role) => (
                      <option key={role} value={role}>
                        {staffRoleLabels[role]}
                      </option>
                    ))}
                  </select>
                  <Button
                    variant="secondary"
                    onClick={() => setRemoving(member)}
                    aria-label={t('staff.removeOf', { name: member.name })}
                  >
                    {t('staff.remove')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <AddStaffDialog
        companyId={company.id}
        timezone={company.timezone}
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('staff.confirmRemove.title')}
        message={t(
          removing?.invitationPending
            ? 'staff.confirmRemove.messagePending'
            : 'staff.confirmRemove.message',
          { name: removing?.name ?? '' },
        )}
        confirmLabel={t('staff.confirmRemove.confirm')}
        cancelLabel={t('staff.cancel')}
        isPending={removeStaff.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
