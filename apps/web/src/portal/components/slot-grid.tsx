import type { PortalSlot, PortalSlotState } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const stateStyles: Record<PortalSlotState, string> = {
  free: 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50 cursor-pointer',
  // The title's own booking: filled, bold, with a mark — not by colour alone.
  own: 'border-brand-700 bg-brand-700 text-white',
  taken: 'border-slate-200 bg-slate-200 text-slate-700',
  // Nobody holds it, but the title's rules refuse it: tapping says why.
  refused:
    'border-dashed border-slate-400 bg-white text-slate-700 hover:bg-slate-50 cursor-pointer',
  blocked: 'border-amber-200 bg-amber-50 text-amber-900',
  past: 'border-slate-200 bg-slate-50 text-slate-600',
  'outside-window': 'border-slate-200 bg-slate-50 text-slate-600',
};

type SlotGridProps = {
  slots: PortalSlot[];
  onBook: (slot: PortalSlot) => void;
  /** Given, a taken slot is a button that offers its waitlist. */
  onJoin?: (slot: PortalSlot) => void;
};

/** What a slot says under its time: its state, or the title's rule that refuses it. */
function useSlotLabel() {
  const { t } = useTranslation();
  return (slot: PortalSlot) =>
    slot.state === 'refused' && slot.rule
      ? t(`portal.availability.refused.${slot.rule}`)
      : t(`portal.availability.states.${slot.state}`);
}

/**
 * The day's slots as this member may use them: a free one is a button that opens the booking; one
 * the title's rules refuse says which rule and opens the same dialog, which lists why; the title's
 * own bookings stand out from others' (a taken slot never says who holds it: the API does not
 * tell); the others only say their state.
 */
export function SlotGrid({ slots, onBook, onJoin }: SlotGridProps) {
  const labelOf = useSlotLabel();
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
      {slots.map((slot) => {
        const content = (
          <>
            <span className="text-base font-semibold">
              {slot.state === 'own' && <span aria-hidden="true">✓ </span>}
              {slot.time}
            </span>{' '}
            <span className={cn('text-xs', slot.state === 'own' && 'font-semibold')}>
              {labelOf(slot)}
            </span>
          </>
        );
        const base =
          'flex h-full w-full flex-col items-center rounded-lg border px-2 py-2 text-center focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
        return (
          <li key={slot.startsAt} data-state={slot.state}>
            {slot.state === 'free' || slot.state === 'refused' ? (
              <button
                type="button"
                onClick={() => onBook(slot)}
                className={cn(base, stateStyles[slot.state])}
              >
                {content}
              </button>
            ) : slot.state === 'taken' && onJoin ? (
              <button
                type="button"
                onClick={() => onJoin(slot)}
                className={cn(base, stateStyles.taken, 'cursor-pointer hover:bg-slate-300')}
              >
                {content}
              </button>
            ) : (
              <div className={cn(base, stateStyles[slot.state])}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
