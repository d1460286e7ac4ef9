import { companies, type Database } from '@clube/db';
import type { UpdateCompanyBody } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { changedFields, recordAudit } from '../../lib/audit';
import { companyColumns, companySettingsColumns, toCompany } from './company-row';
import { timezoneSchema } from './create-company';

export type UpdateCompanyOptions = UpdateCompanyBody & { companyId: string; actorUserId: string };

/**
 * Renames a club and/or moves it to another timezone. The caller has already been checked as
 * staff of the club. Times of day (opening hours, place windows) are wall-clock values, so they
 * keep their meaning in the new zone; only how "today" and instants map to them changes.
 */
export async function updateCompany(db: Database, options: UpdateCompanyOptions) {
  const timezone = timezoneSchema.safeParse(options.timezone);
  if (!timezone.success) {
    const message = timezone.error.issues[0]!.message;
    throw new AppError('ValidationError', { details: [{ in: 'body', path: 'timezone', message }] });
  }
  // Intl accepts any letter case ("america/sao_paulo"); keep the zone's own spelling.
  const resolved = new Intl.DateTimeFormat('en', { timeZone: timezone.data }).resolvedOptions()
    .timeZone;
  const zone = resolved.toLowerCase() === timezone.data.toLowerCase() ? resolved : timezone.data;

  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: companies.name, ...companySettingsColumns })
      .from(companies)
      .where(eq(companies.id, options.companyId))
      .for('update');
    if (!before) throw new AppError('CompanyNotFound');

    const [company] = await tx
      .update(companies)
      .set({
        name: options.name,
        timezone: zone,
        noShowToleranceMinutes: options.noShowToleranceMinutes,
        // 0 and null both mean "off"; store null so there is one way to say it.
        noShowSuspensionCount:
          options.noShowSuspensionCount === undefined
            ? undefined
            : options.noShowSuspensionCount || null,
        noShowWindowDays: options.noShowWindowDays,
        noShowSuspensionDays: options.noShowSuspensionDays,
        reminderHours: options.reminderHours,
        waitlistOfferMinutes: options.waitlistOfferMinutes,
        waitlistMaxPerTitle: options.waitlistMaxPerTitle,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, options.companyId))
      .returning(companyColumns);
    await recordAudit(tx, {
      companyId: options.companyId,
      actorUserId: options.actorUserId,
      action: 'company.update',
      entityType: 'company',
      entityId: options.companyId,
      data: changedFields(before, {
        name: company!.name,
        timezone: company!.timezone,
        noShowToleranceMinutes: company!.noShowToleranceMinutes,
        noShowSuspensionCount: company!.noShowSuspensionCount,
        noShowWindowDays: company!.noShowWindowDays,
        noShowSuspensionDays: company!.noShowSuspensionDays,
        reminderHours: company!.reminderHours,
        waitlistOfferMinutes: company!.waitlistOfferMinutes,
        waitlistMaxPerTitle: company!.waitlistMaxPerTitle,
      }),
    });
    return toCompany(company!);
  });
}
