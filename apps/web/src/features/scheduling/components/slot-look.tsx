import type { Appointment, DaySheetCell, TimeSlot } from '@clube/shared';
import { cn } from '@/components/ui/cn';

/**
 * The one colour scheme of a time's state, shared by the day sheet and the place calendar, so a
 * colour means the same on both: free is white with a green outline, a booking blue, a member
 * present green with a tick, a no-show red with a cross and a dashed outline, a block amber and
 * striped, past and unavailable grey. Attendance is never told by colour alone: it carries its mark.
 */
export type SlotLook = 'free' | 'booked' | 'checkedIn' | 'noShow' | 'blocked' | 'past' | 'outside';

export const slotLookStyles: Record<SlotLook, string> = {
  free: 'bg-white text-emerald-800 ring-emerald-400',
  booked: 'bg-sky-100 text-sky-950 ring-sky-300',
  checkedIn: 'bg-emerald-100 text-emerald-950 ring-emerald-600',
  noShow:
    'bg-rose-100 text-rose-950 ring-rose-400 outline-dashed outline-1 -outline-offset-4 outline-rose-500',
  blocked: 'bg-amber-100 text-amber-950 ring-amber-300 stripes',
  past: 'bg-slate-100 text-slate-500 ring-slate-200',
  outside: 'bg-slate-50 text-slate-500 ring-slate-200 hatch',
};

/** The hover of the looks a click opens. */
export const slotLookHoverStyles: Partial<Record<SlotLook, string>> = {
  free: 'hover:bg-emerald-50',
  booked: 'hover:bg-sky-200',
  checkedIn: 'hover:bg-emerald-200',
  noShow: 'hover:bg-rose-200',
};

/** Every look, in the order the legends list them. */
export const slotLooks: SlotLook[] = [
  'free',
  'booked',
  'checkedIn',
  'noShow',
  'blocked',
  'past',
  'outside',
];

const attendanceLooks: Partial<Record<Appointment['status'], SlotLook>> = {
  CHECKED_IN: 'checkedIn',
  NO_SHOW: 'noShow',
};

/** A day sheet cell's look: its state's, or its booking's attendance. */
export function lookOfCell(cell: DaySheetCell): SlotLook {
  const attendance = cell.appointment && attendanceLooks[cell.appointment.status];
  return attendance ?? cell.state;
}

/** A place calendar slot's look: free, taken (a booking), blocked, or past and out of the window. */
export function lookOfSlot(slot: TimeSlot): SlotLook {
  if (slot.available) return 'free';
  if (slot.reason === 'taken') return 'booked';
  if (slot.reason === 'blocked') return 'blocked';
  if (slot.reason === 'booking-window') return 'outside';
  return 'past';
}

/** A booking status's look, for lists of appointments (a cancelled one looks past). */
export function lookOfStatus(status: Appointment['status']): SlotLook {
  return attendanceLooks[status] ?? (status === 'CANCELLED' ? 'past' : 'booked');
}

/** The tick of a member present and the cross of a no-show; nothing for the other looks. */
export function AttendanceMark({ look, className }: { look: SlotLook; className?: string }) {
  if (look !== 'checkedIn' && look !== 'noShow') return null;
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-mark={look}
      className={cn('inline-block size-3 shrink-0', className)}
    >
      {look === 'checkedIn' ? <path d="M3 8.5 6.5 12 13 4.5" /> : <path d="M4 4l8 8M12 4l-8 8" />}
    </svg>
  );
}
