/** The lines as the portal and the day sheet read them (docs/domain.md, "Waitlists"). */
import { queryRows, type Database } from '@clube/db';
import type { PortalWaitlistEntry, StaffWaitlistEntry } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member, Staff } from '../../types';
import { inLine, offerSlot } from './offer-slot';

type Row = StaffWaitlistEntry;

/** Entries in line whose slots have not started, matching `where`, with their positions. */
export async function readEntries(db: Database, options: { where: SQL }): Promise<Row[]> {
  const { where } = options;
  return queryRows<Row>(
    db,
    sql`select w.id, json_build_object('id', p.id, 'name', p.name) as place,
        json_build_object('id', a.id, 'name', a.name, 'cardId', a.card_id) as associate,
        to_json(w.starts_at) as "startsAt", to_json(w.ends_at) as "endsAt", w.status,
        (select count(*)::int + 1 from waitlist_entries o
          where o.place_id = w.place_id and o.starts_at = w.starts_at and o.status in ${inLine}
            and (o.created_at, o.id) < (w.created_at, w.id)) as position,
        to_json(w.offer_expires_at) as "offerExpiresAt", to_json(w.created_at) as since
      from waitlist_entries w
      join places p on p.id = w.place_id
      join associates a on a.id = w.associate_id
      where w.status in ${inLine} and w.starts_at > now() and ${where}
      order by w.starts_at, p.name, w.created_at, w.id`,
  );
}

/** ISO instants with `Z` (the schemas' format), whatever the session's timezone. */
export const normalised = <T extends Row | PortalWaitlistEntry>(row: T): T => ({
  ...row,
  startsAt: new Date(row.startsAt).toISOString(),
  endsAt: new Date(row.endsAt).toISOString(),
  offerExpiresAt: row.offerExpiresAt && new Date(row.offerExpiresAt).toISOString(),
  ...('since' in row ? { since: new Date(row.since).toISOString() } : {}),
});

/** The lines of the member (a holder: of their whole title), by start. */
export async function listMemberWaitlists(
  db: Database,
  options: { member: Member },
): Promise<PortalWaitlistEntry[]> {
  const { member } = options;
  const rows = await readEntries(db, {
    where: sql`w.company_id = ${member.companyId}::uuid
      and w.associate_title_id = ${member.associateTitleId}::uuid
      ${member.isHolder ? sql`` : sql`and w.associate_id = ${member.associateId}::uuid`}`,
  });
  return rows.map(({ associate, since: _since, ...row }) =>
    normalised({ ...row, associate: { id: associate.id, name: associate.name } }),
  );
}

/** Every line of a club-local date of a club of the staff member's, for the day sheet. */
export async function listClubWaitlists(
  db: Database,
  options: { staff: Staff; companyId: string; date: string },
): Promise<StaffWaitlistEntry[]> {
  const { staff, companyId, date } = options;
  if (!staff.companyIds.has(companyId)) throw new AppError('CompanyNotFound');
  const rows = await readEntries(db, {
    where: sql`w.company_id = ${companyId}::uuid and w.starts_at >= (select (${date}::date)::timestamp
        at time zone c.timezone from companies c where c.id = ${companyId}::uuid)
      and w.starts_at < (select (${date}::date + 1)::timestamp at time zone c.timezone
        from companies c where c.id = ${companyId}::uuid)`,
  });
  return rows.map(normalised);
}

/**
 * Staff offer the slot by hand to one member in its line (not necessarily the first), when the
 * slot is free and no offer holds it. Answers the entry as the day sheet lists it.
 */
export async function offerByHand(
  db: Database,
  options: { staff: Staff; id: string; publicUrl: string },
): Promise<StaffWaitlistEntry> {
  const { staff, id } = options;
  const [entry] = await readEntries(db, { where: sql`w.id = ${id}::uuid` });
  const companyIds = [...staff.companyIds];
  const [owner] = await queryRows<{ companyId: string }>(
    db,
    sql`select company_id as "companyId" from waitlist_entries where id = ${id}::uuid`,
  );
  if (!entry || !owner || !companyIds.includes(owner.companyId))
    throw new AppError('WaitlistEntryNotFound');
  if (entry.status === 'OFFERED') return normalised(entry);
  const offered = await offerSlot(db, {
    placeId: entry.place.id,
    startsAt: new Date(entry.startsAt),
    endsAt: new Date(entry.endsAt),
    publicUrl: options.publicUrl,
    entryId: id,
  });
  if (!offered.some((row) => row.id === id)) throw new AppError('WaitlistOfferNotActive');
  const [now] = await readEntries(db, { where: sql`w.id = ${id}::uuid` });
  return normalised(now!);
}
