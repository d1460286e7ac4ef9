import type { PortalSlot, PortalSlotState } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const stateStyles: Record<PortalSlotState, string> = {
  free: 'border-brand-700 bg-white text-brand-800 hover:bg-brand-50 cursor-pointer',
  taken: 'border-slate-200 bg-slate-200 text-slate-700',
  blocked: 'border-amber-200 bg-amber-50 text-amber-900',
  past: 'border-slate-200 bg-slate-50 text-slate-600',
  'outside-window': 'border-slate-200 bg-slate-50 text-slate-600',
};

type SlotGridProps = { slots: PortalSlot[]; onBook: (slot: PortalSlot) => void };

/**
 * The day's slots: a free one is a button that opens the booking; the others only say their state
 * (a taken slot never says who holds it: the API does not tell).
 */
export function SlotGrid({ slots, onBook }: SlotGridProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-6">
      {slots.map((slot) => {
        const stateLabel = t(`portal.availability.states.${slot.state}`);
        const content = (
          <>
            <span className="text-base font-semibold">{slot.time}</span>{' '}
            <span className="text-xs">{stateLabel}</span>
          </>
        );
        const base =
          'flex w-full flex-col items-center rounded-lg border px-2 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
        return (
          <li key={slot.startsAt}>
            {slot.state === 'free' ? (
              <button
                type="button"
                onClick={() => onBook(slot)}
                className={cn(base, stateStyles.free)}
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
