import type { TimeSlot } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

type TimeSlotListProps = {
  slots: TimeSlot[];
  selectedTime: string | null;
  onSelect: (slot: TimeSlot) => void;
};

/** Why a grey slot cannot be booked, in words: who holds it, the block's reason, past, window. */
export function useSlotReason() {
  const { t } = useTranslation();
  return (slot: TimeSlot): string | null => {
    switch (slot.reason) {
      case 'taken':
        return slot.detail
          ? t('scheduling.slots.reasons.taken', { name: slot.detail })
          : t('scheduling.slots.reasons.takenUnknown');
      case 'blocked':
        return slot.detail
          ? t('scheduling.slots.reasons.blocked', { reason: slot.detail })
          : t('scheduling.slots.reasons.blockedUnknown');
      case 'past':
        return t('scheduling.slots.reasons.past');
      case 'booking-window':
        return t('scheduling.slots.reasons.booking-window');
      default:
        return null;
    }
  };
}

/**
 * Available slots blue, unavailable grey and disabled, the selected one green. A grey slot says
 * why, on the slot itself and in its accessible name.
 */
export function TimeSlotList({ slots, selectedTime, onSelect }: TimeSlotListProps) {
  const { t } = useTranslation();
  const reasonOf = useSlotReason();
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
      {slots.map((slot) => {
        const isSelected = slot.time === selectedTime;
        const reason = slot.available ? null : reasonOf(slot);
        const state = isSelected
          ? t('scheduling.slots.selected')
          : slot.available
            ? t('scheduling.slots.available')
            : reason
              ? `${t('scheduling.slots.unavailable')}: ${reason}`
              : t('scheduling.slots.unavailable');
        return (
          <li key={slot.time}>
            <button
              type="button"
              disabled={!slot.available}
              aria-pressed={isSelected}
              aria-label={t('scheduling.slots.slotLabel', { time: slot.time, state })}
              title={reason ?? undefined}
              onClick={() => onSelect(slot)}
              className={cn(
                'flex min-h-10 w-full flex-col items-center justify-center rounded-lg px-1 py-1 text-sm font-semibold transition-colors',
                isSelected
                  ? 'bg-green-700 text-white'
                  : slot.available
                    ? 'bg-blue-700 text-white hover:bg-blue-800'
                    : 'cursor-not-allowed bg-slate-200 text-slate-600',
              )}
            >
              <span>{slot.time}</span>
              {reason && (
                <span
                  aria-hidden
                  className="line-clamp-2 block w-full text-[11px] leading-tight font-normal break-words"
                >
                  {reason}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
