import { associates } from './associates';
import { audit } from './audit';
import { auth } from './auth';
import { blockedTimes } from './blocked-times';
import { categories } from './categories';
import { common } from './common';
import { companies } from './companies';
import { errors } from './errors';
import { gateList } from './gate-list';
import { invitations } from './invitations';
import { landing } from './landing';
import { layout } from './layout';
import { listTable } from './list-table';
import { messages } from './messages';
import { operatingHours } from './operating-hours';
import { permissions } from './permissions';
import { places } from './places';
import type { portalGuest } from './portal-guest';
import type { portalMember } from './portal-member';
import { profile } from './profile';
import { reports } from './reports';
import { scheduling } from './scheduling';
import { series } from './series';
import { specialDays } from './special-days';
import { staff } from './staff';

/**
 * The single Portuguese resource. Each feature owns one section file in this folder; add yours
 * here with one import and one line, so parallel work touches different files.
 */
export const pt = {
  common,
  landing,
  auth,
  companies,
  layout,
  profile,
  places,
  categories,
  operatingHours,
  associates,
  scheduling,
  blockedTimes,
  audit,
  reports,
  errors,
  listTable,
  permissions,
  staff,
  messages,
  invitations,
  series,
  gateList,
  specialDays,
} as const;

/**
 * The members' portal's section is typed with the rest but not part of `pt`: only the portal's own
 * i18n instance loads it, so the back office never downloads it. It comes in two files merged under
 * `portal`: the signed-out screens' texts with the portal's entry (src/portal/lib/i18n.ts), the
 * signed-in sections' with the signed-in layout (src/portal/lib/member-texts.ts).
 */
export type PtResource = typeof pt & { portal: typeof portalGuest & typeof portalMember };
