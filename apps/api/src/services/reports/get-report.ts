import type { Database } from '@clube/db';
import type { Report } from '@clube/shared';
import { readBehaviour, readMembers } from './read-behaviour';
import { readOccupancy } from './read-occupancy';
import { readReportScope, type ScopeQuery } from './report-scope';

/**
 * The Relatórios of a club for a period, each figure beside the previous period of the same
 * length: six statements whatever the period (the scope, occupancy, behaviour's two, members'
 * two), every one aggregating in the database.
 */
export async function getReport(
  db: Database,
  options: ScopeQuery & { now?: Date },
): Promise<Report> {
  const scope = await readReportScope(db, options);
  const occupancy = await readOccupancy(db, scope);
  const behaviour = await readBehaviour(db, scope);
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
