import { useCan } from '@/lib/permissions';
import { formatCpf, type AppointmentOfAssociate } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AuditHistorySection } from '@/components/audit-history-section';
import { ExceptionMark } from '@/components/exception-mark';
import { RecordNotFound } from '@/components/record-not-found';
import { SeriesMark } from '@/components/series-mark';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentCompany } from '@/lib/current-company';
import { toast } from 'react-toastify';
import { formatDate, formatDateTime, formatDateTimeLong } from '@/lib/dates';
import { errorMessageOf, isNotFoundError } from '@/lib/errors';
import { isWellFormedId } from '@/lib/record-id';
import { AssociateMessages } from '@/components/associate-messages';
import { useAssociate } from '@/lib/api/get-associate';
import { useAssociateAppointmentsSummary } from '../api/get-associate-appointments-summary';
import { useLiftTitleSuspension } from '../api/lift-title-suspension';
import { AssociateFormDialog } from '../components/associate-form-dialog';
import { BlockDialog, type BlockRequest } from '../components/block-dialog';
import { ChangePasswordDialog } from '../components/change-password-dialog';
import { InviteAssociateButton } from '../components/invite-associate-button';
import { formatBirthDate } from '../utils/format-birth-date';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-base text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * /associates/:associateId — who the associate is, their bookings, quota use and blocks; the app
 * composes their weekly series in (`seriesOf`, src/app/routes/associate-page.tsx).
 */
export function AssociateDetailPage({
  seriesOf,
}: { seriesOf?: (associateId: string) => React.ReactNode } = {}) {
  const { t } = useTranslation();
  const canWrite = useCan('associates.write');
  const canBook = useCan('bookings.write');
  const canManage = useCan('associates.manage');
  const [isEditing, setIsEditing] = useState(false);
  const navigate = useNavigate();
  const company = useCurrentCompany();
  const { associateId = '' } = useParams();
  const associate = useAssociate(company.id, associateId);
  const summary = useAssociateAppointmentsSummary(company.id, associateId);
  const [blockRequest, setBlockRequest] = useState<BlockRequest | null>(null);
  const [isChangingPassword, setIsChangingPassword] = useState(false);
  const liftSuspension = useLiftTitleSuspension(company.id);

  if (!isWellFormedId(associateId) || isNotFoundError(associate.error)) {
    return <RecordNotFound message={t('errors.AssociateNotFound')} />;
  }
  if (associate.isPending) return <Spinner className="mx-auto mt-10 size-8 text-brand-700" />;
  if (associate.isError) return <Alert tone="error">{t('associates.detail.loadError')}</Alert>;
  const data = associate.data;
  const timezone = company.timezone;
  const suspension = summary.data?.suspension ?? null;

  const lift = async () => {
    try {
      await liftSuspension.mutateAsync(data.associateTitle.id);
      toast.success(t('associates.detail.suspensionLifted'));
    } catch (error) {
      toast.error(errorMessageOf(error, t('associates.detail.suspensionLiftError')));
    }
  };

  const appointmentList = (items: AppointmentOfAssociate[] | undefined) =>
    !items || items.length === 0 ? (
      <p className="text-sm text-slate-600">{t('associates.detail.noAppointments')}</p>
    ) : (
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 font-medium text-slate-900">
              {item.placeName}
              {item.series && <SeriesMark series={item.series} className="ml-2" />}
            </span>
            <span className="text-slate-700">
              {formatDateTime(item.startsAt, timezone)}
              {item.status !== 'SCHEDULED' && (
                <span
                  className={`ml-2 ${item.status === 'CHECKED_IN' ? 'text-emerald-700' : 'text-red-700'}`}
                >
                  {t(`associates.detail.statuses.${item.status}`)}
                </span>
              )}
              {item.exceptionReason && (
                <ExceptionMark reason={item.exceptionReason} className="ml-2" />
              )}
            </span>
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader
        eyebrow={t('associates.subtitle')}
        title={data.user.name}
        actions={
          <>
            <Button variant="secondary" onClick={() => void navigate(-1)}>
              {t('associates.detail.back')}
            </Button>
            {canBook && (
              <Link
                to={paths.daySheet.forMember(data.id)}
                className="inline-flex h-10 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
              >
                {t('associates.detail.bookFor')}
              </Link>
            )}
            {canManage && (
              <Button variant="secondary" onClick={() => setIsEditing(true)}>
                {t('associates.detail.editData')}
              </Button>
            )}
            {canWrite && (
              <>
                {data.user.email && <InviteAssociateButton associateId={data.id} />}
                <Button variant="secondary" onClick={() => setIsChangingPassword(true)}>
                  {t('associates.detail.changePassword')}
                </Button>
                <Button
                  variant={data.blocked ? 'primary' : 'danger'}
                  onClick={() =>
                    setBlockRequest({ kind: 'associate', id: data.id, block: !data.blocked })
                  }
                >
                  {t(
                    data.blocked
                      ? 'associates.detail.unblockAssociate'
                      : 'associates.detail.blockAssociate',
                  )}
                </Button>
              </>
            )}
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card className="p-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Field label={t('associates.detail.cpf')}>{formatCpf(data.user.cpf)}</Field>
            <Field label={t('associates.detail.birthDate')}>
              {formatBirthDate(data.birthDate)} ({t('associates.detail.age', { count: data.age })})
            </Field>
            <Field label={t('associates.detail.card')}>{data.cardId}</Field>
            <Field label={t('associates.detail.email')}>
              {data.user.email ? (
                <span className="break-all">{data.user.email}</span>
              ) : (
                <span className="text-slate-600">{t('associates.detail.noEmail')}</span>
              )}
            </Field>
            <Field label={t('associates.detail.phone')}>
              {data.user.phone ?? (
                <span className="text-slate-600">{t('associates.detail.noEmail')}</span>
              )}
            </Field>
            <Field label={t('associates.detail.portalAccess')}>
              {t(
                data.portalAccess
                  ? 'associates.detail.portalAccessSet'
                  : 'associates.detail.portalAccessNone',
              )}
            </Field>
            <Field label={t('associates.detail.kind')}>
              {t(data.isHolder ? 'associates.detail.holder' : 'associates.detail.dependant')}
            </Field>
            <Field label={t('associates.detail.status')}>
              {data.blocked ? (
                <span className="font-semibold text-red-700">{t('associates.detail.blocked')}</span>
              ) : (
                t('associates.detail.active')
              )}
              {data.blocked && data.blockedReason && (
                <span className="block text-sm text-slate-600">
                  {t('associates.detail.reason', { reason: data.blockedReason })}
                </span>
              )}
            </Field>
            <Field label={t('associates.detail.title')}>
              <span className="block">{data.associateTitle.name}</span>
              {data.associateTitle.blocked && (
                <span className="block text-sm font-semibold text-red-700">
                  {t('associates.detail.titleBlocked')}
                  {data.associateTitle.blockedReason &&
                    ` — ${t('associates.detail.reason', { reason: data.associateTitle.blockedReason })}`}
                </span>
              )}
              {suspension && (
                <span className="block text-sm font-semibold text-red-700">
                  {t('associates.detail.titleSuspended', {
                    date: formatDate(suspension.endsAt, timezone),
                  })}
                  <span className="block font-normal text-slate-600">
                    {t('associates.detail.suspensionCause', { reason: suspension.reason })}
                  </span>
                  {canWrite && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="-ml-3"
                      isLoading={liftSuspension.isPending}
                      onClick={() => void lift()}
                    >
                      {t('associates.detail.liftSuspension')}
                    </Button>
                  )}
                </span>
              )}
              {canWrite && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-1 -ml-3"
                  onClick={() =>
                    setBlockRequest({
                      kind: 'title',
                      id: data.associateTitle.id,
                      block: !data.associateTitle.blocked,
                    })
                  }
                >
                  {t(
                    data.associateTitle.blocked
                      ? 'associates.detail.unblockTitle'
                      : 'associates.detail.blockTitle',
                  )}
                </Button>
              )}
            </Field>
            <div className="sm:col-span-2">
              <Field label={t('associates.detail.titleMembers')}>
                {data.titleMembers.length === 0 ? (
                  <span className="text-sm text-slate-600">
                    {t('associates.detail.noTitleMembers')}
                  </span>
                ) : (
                  <ul className="space-y-0.5">
                    {data.titleMembers.map((member) => (
                      <li key={member.id}>
                        <Link
                          to={paths.associate.href(member.id)}
                          className="font-medium text-brand-700 underline underline-offset-2"
                        >
                          {member.name}
                        </Link>{' '}
                        <span className="text-sm text-slate-600">
                          · {member.cardId} ·{' '}
                          {t(
                            member.isHolder
                              ? 'associates.detail.holder'
                              : 'associates.detail.dependant',
                          )}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </Field>
            </div>
            <Field label={t('associates.detail.createdAt')}>
              {formatDateTimeLong(data.createdAt, timezone)}
            </Field>
            <Field label={t('associates.detail.updatedAt')}>
              {formatDateTimeLong(data.updatedAt, timezone)}
            </Field>
          </dl>
        </Card>
        <Card className="space-y-6 p-6">
          <section>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">
              {t('associates.detail.upcoming')}
            </h2>
            {appointmentList(summary.data?.upcoming)}
          </section>
          <section>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">
              {t('associates.detail.recent')}
            </h2>
            {appointmentList(summary.data?.recent)}
          </section>
          {summary.data && (
            <section>
              <h2 className="mb-2 text-lg font-semibold text-slate-900">
                {t('associates.detail.attendance')}
              </h2>
              <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
                {(['bookings', 'checkIns', 'noShows', 'lateCancellations'] as const).map((key) => (
                  <Field key={key} label={t(`associates.detail.attendanceOf.${key}`)}>
                    {summary.data.attendance[key]}
                  </Field>
                ))}
              </dl>
              <p className="mt-1 text-xs text-slate-500">{t('associates.detail.lateHint')}</p>
            </section>
          )}
          <section>
            <h2 className="mb-2 text-lg font-semibold text-slate-900">
              {t('associates.detail.quota')}
            </h2>
            {summary.data && summary.data.quota.length === 0 && (
              <p className="text-sm text-slate-600">{t('associates.detail.noPlaces')}</p>
            )}
            <ul className="divide-y divide-slate-100">
              {summary.data?.quota.map((entry) => (
                <li key={entry.placeId} className="flex justify-between gap-3 py-2 text-sm">
                  <span className="text-slate-900">{entry.placeName}</span>
                  <span className="text-slate-700">
                    {entry.limit > 0
                      ? t('associates.detail.quotaUse', entry)
                      : t('associates.detail.quotaUnlimited', entry)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        </Card>
      </div>
      {seriesOf && <div className="mt-6">{seriesOf(data.id)}</div>}
      <AuditHistorySection
        companyId={company.id}
        timezone={company.timezone}
        associateId={data.id}
      />
      <AssociateMessages companyId={company.id} associateId={data.id} timezone={company.timezone} />
      <BlockDialog
        companyId={company.id}
        request={blockRequest}
        onClose={() => setBlockRequest(null)}
      />
      <ChangePasswordDialog
        associate={isChangingPassword ? { id: data.id, name: data.user.name } : null}
        onClose={() => setIsChangingPassword(false)}
      />
      <AssociateFormDialog
        companyId={company.id}
        target={isEditing ? data : null}
        onClose={() => setIsEditing(false)}
      />
    </>
  );
}
