/**
 * Linked places (docs/domain.md, "Linked places"; docs/decisions/034-linked-places.md): which
 * places of its club a place is made of, checked and written inside the place's transaction, and
 * read with the places.
 */
import { placeParts, places, queryRows, type Database } from '@clube/db';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

/** A place a place is made of, or a place it is part of. */
export type PlaceRef = { id: string; name: string };

/**
 * Makes `placeId` (of `companyId`) made of exactly `partPlaceIds`: refused, with nothing changed,
 * when a part is the place itself, not an active place of the club, made of this place (a cycle)
 * or itself made of places, or when the place is a part of another (one level). The club's links
 * and the places' link keys are locked first, in the order the database's triggers take them
 * (the club, the parts by id, the whole), so a racing booking or link change waits or is seen.
 * The whole and a part booked at the same time (still to come) is refused by the database
 * (PlacePartsBookingsOverlap). Answers the parts' names before and after, for the audit.
 */
export async function setPlaceParts(
  tx: Database,
  options: { companyId: string; placeId: string; partPlaceIds: readonly string[] },
): Promise<{ changed: boolean; before: string[]; after: string[] }> {
  const { companyId, placeId } = options;
  const partIds = [...new Set(options.partPlaceIds)].sort();
  if (partIds.includes(placeId)) throw new AppError('PlacePartIsItself');
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('place-parts:' || ${companyId}::text))`,
  );
  if (partIds.length > 0)
    await tx.execute(sql`select pg_advisory_xact_lock(linked_place_lock_key(part.id))
      from unnest(${sql.param(partIds)}::uuid[]) as part(id)`);
  await tx.execute(sql`select pg_advisory_xact_lock(linked_place_lock_key(${placeId}::uuid))`);
  const before = (
    await tx
      .select({ id: placeParts.partPlaceId })
      .from(placeParts)
      .where(eq(placeParts.wholePlaceId, placeId))
  ).map((row) => row.id);
  if (partIds.length > 0) {
    const found = await tx
      .select({ id: places.id, companyId: places.companyId, archivedAt: places.archivedAt })
      .from(places)
      .where(inArray(places.id, partIds));
    if (found.length !== partIds.length || found.some((part) => part.companyId !== companyId))
      throw new AppError('PlacePartOfAnotherClub');
    if (found.some((part) => part.archivedAt !== null)) throw new AppError('PlacePartArchived');
    const links = await tx
      .select({ whole: placeParts.wholePlaceId, part: placeParts.partPlaceId })
      .from(placeParts)
      .where(or(eq(placeParts.partPlaceId, placeId), inArray(placeParts.wholePlaceId, partIds)));
    if (links.some((link) => link.part === placeId && partIds.includes(link.whole)))
      throw new AppError('PlacePartsCycle');
    if (links.length > 0) throw new AppError('PlacePartsNested');
  }
  await tx
    .delete(placeParts)
    .where(
      and(
        eq(placeParts.wholePlaceId, placeId),
        partIds.length > 0 ? notInArray(placeParts.partPlaceId, partIds) : undefined,
      ),
    );
  const added = partIds.filter((id) => !before.includes(id));
  if (added.length > 0)
    await tx
      .insert(placeParts)
      .values(added.map((partPlaceId) => ({ companyId, wholePlaceId: placeId, partPlaceId })));
  const all = [...new Set([...before, ...partIds])];
  const names = new Map(
    all.length === 0
      ? []
      : (
          await tx
            .select({ id: places.id, name: places.name })
            .from(places)
            .where(inArray(places.id, all))
        ).map((row) => [row.id, row.name]),
  );
  const namesOf = (ids: string[]) => ids.map((id) => names.get(id) ?? id).sort();
  return {
    changed: before.sort().join() !== partIds.join(),
    before: namesOf(before),
    after: namesOf(partIds),
  };
}

/** Each place's parts and the places it is part of, by name (active places only). */
export async function readPlaceLinks(
  db: Database,
  options: { placeIds: readonly string[] },
): Promise<Map<string, { parts: PlaceRef[]; partOf: PlaceRef[] }>> {
  const links = new Map<string, { parts: PlaceRef[]; partOf: PlaceRef[] }>();
  for (const id of options.placeIds) links.set(id, { parts: [], partOf: [] });
  if (options.placeIds.length === 0) return links;
  const ids = sql.param([...options.placeIds]);
  const rows = await queryRows<{ place_id: string; id: string; name: string; is_part: boolean }>(
    db,
    sql`select pp.whole_place_id as place_id, p.id, p.name, true as is_part
      from place_parts pp join places p on p.id = pp.part_place_id
      where pp.whole_place_id = any(${ids}::uuid[]) and p.archived_at is null
      union all
      select pp.part_place_id, p.id, p.name, false
      from place_parts pp join places p on p.id = pp.whole_place_id
      where pp.part_place_id = any(${ids}::uuid[]) and p.archived_at is null
      order by 3, 2`,
  );
  for (const row of rows) {
    const entry = links.get(row.place_id);
    if (entry) (row.is_part ? entry.parts : entry.partOf).push({ id: row.id, name: row.name });
  }
  return links;
}
