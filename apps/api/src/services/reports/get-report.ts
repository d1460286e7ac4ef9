import type { Database } from '@clube/db';
import type { Report } from '@clube/shared';
import { readBehaviour } from './read-behaviour';
import { readMembers } from './read-members';
import { occupancyOf } from './read-occupancy';
import { readPlaceDays } from './read-place-days';
import { readReportScope, type ScopeQuery } from './report-scope';

/**
 * The Relatórios of a club for a period, each figure beside the previous period of the same
 * length: five statements whatever the period (the scope, the places' days, behaviour's messages
 * and exceptions, members' two), every one aggregating in the database.
 */
export async function getReport(
  db: Database,
  options: ScopeQuery & { now?: Date },
): Promise<Report> {
  const scope = await readReportScope(db, options);
  const placeDays = await readPlaceDays(db, scope);
  const occupancy = occupancyOf(placeDays);
  const behaviour = await readBehaviour(db, { ...scope, places: placeDays.places });
  const members = await readMembers(db, scope);
  return {
    period: {
      from: scope.current.from,
      to: scope.current.to,
      previousFrom: scope.previous.from,
      previousTo: scope.previous.to,
    },
    occupancy,
    behaviour,
    members,
  };
}
