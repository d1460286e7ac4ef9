import type { Permission } from '@clube/shared';
import type { ComponentType, SVGProps } from 'react';
import {
  BlockIcon,
  CalendarIcon,
  ChartIcon,
  ClockIcon,
  MailIcon,
  GridIcon,
  HistoryIcon,
  HomeIcon,
  SettingsIcon,
  SwitchIcon,
  TagIcon,
  UserIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { paths } from '@/config/paths';

export type NavItem = {
  labelKey:
    | 'layout.nav.dashboard'
    | 'layout.nav.daySheet'
    | 'layout.nav.gateList'
    | 'layout.nav.associates'
    | 'layout.nav.categories'
    | 'layout.nav.operatingHours'
    | 'layout.nav.specialDays'
    | 'layout.nav.timeBlocks'
    | 'layout.nav.series'
    | 'layout.nav.audit'
    | 'layout.nav.reports'
    | 'layout.nav.messages'
    | 'layout.nav.settings'
    | 'layout.nav.staff'
    | 'layout.nav.profile'
    | 'layout.nav.switchCompany';
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Shown only to roles with this permission in the current club (the page needs it). */
  permission?: Permission;
};

/** The main navigation, in the product's order (docs/domain.md), with the day sheet after the club's home. */
export const mainNavItems: NavItem[] = [
  { labelKey: 'layout.nav.dashboard', href: paths.dashboard.href(), icon: HomeIcon },
  { labelKey: 'layout.nav.daySheet', href: paths.daySheet.href(), icon: GridIcon },
  { labelKey: 'layout.nav.gateList', href: paths.gateList.href(), icon: UsersIcon },
  { labelKey: 'layout.nav.associates', href: paths.associates.href(), icon: UsersIcon },
  { labelKey: 'layout.nav.categories', href: paths.categories.href(), icon: TagIcon },
  { labelKey: 'layout.nav.operatingHours', href: paths.operatingHours.href(), icon: ClockIcon },
  { labelKey: 'layout.nav.specialDays', href: paths.specialDays.href(), icon: CalendarIcon },
  { labelKey: 'layout.nav.timeBlocks', href: paths.manageTimeBlocks.href(), icon: BlockIcon },
  { labelKey: 'layout.nav.series', href: paths.series.href(), icon: ClockIcon },
  {
    labelKey: 'layout.nav.audit',
    href: paths.audit.href(),
    icon: HistoryIcon,
    permission: 'audit.read',
  },
  {
    labelKey: 'layout.nav.reports',
    href: paths.reports.href(),
    icon: ChartIcon,
    permission: 'reports.read',
  },
  {
    labelKey: 'layout.nav.messages',
    href: paths.messages.href(),
    icon: MailIcon,
    permission: 'messages.read',
  },
];

export const accountNavItems: NavItem[] = [
  {
    labelKey: 'layout.nav.settings',
    href: paths.settings.href(),
    icon: SettingsIcon,
    permission: 'settings.write',
  },
  {
    labelKey: 'layout.nav.staff',
    href: paths.staff.href(),
    icon: UsersIcon,
    permission: 'staff.manage',
  },
  { labelKey: 'layout.nav.profile', href: paths.profile.href(), icon: UserIcon },
  { labelKey: 'layout.nav.switchCompany', href: paths.selectCompany.href(), icon: SwitchIcon },
];
