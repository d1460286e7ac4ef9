import type { TimeSlot } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { lookOfSlot, slotLookHoverStyles, slotLookStyles } from './slot-look';

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
 * Slots in the day sheet's colours (./slot-look.tsx): free white with a green outline, taken
 * blue, blocked amber, past grey; the selected one solid green. An unavailable slot is disabled
 * and says why, on the slot itself and in its accessible name (the words shown, in their order).
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
            : t('scheduling.slots.unavailable');
        const label = reason
          ? t('scheduling.slots.slotLabelWithReason', { time: slot.time, reason, state })
          : t('scheduling.slots.slotLabel', { time: slot.time, state });
        return (
          <li key={slot.time}>
            <button
              type="button"
              disabled={!slot.available}
              aria-pressed={isSelected}
              aria-label={label}
              title={reason ?? undefined}
              onClick={() => onSelect(slot)}
              className={cn(
                'flex min-h-10 w-full flex-col items-center justify-center rounded-lg px-1 py-1 text-sm font-semibold ring-1 transition-colors ring-inset',
                isSelected
                  ? 'bg-brand-700 text-white ring-brand-700'
                  : cn(
                      slotLookStyles[lookOfSlot(slot)],
                      slot.available ? slotLookHoverStyles.free : 'cursor-not-allowed',
                    ),
              )}
              data-look={isSelected ? 'selected' : lookOfSlot(slot)}
            >
              <span>{slot.time}</span>
              {reason && (
                <span
                  aria-hidden
                  className="line-clamp-2 block w-full text-[11px] leading-tight font-normal break-words"
                >
                  {/* The space keeps the time and the reason apart when the text is read as one. */}
                  {` ${reason}`}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
