import type { TimeSlot } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

type TimeSlotListProps = {
  slots: TimeSlot[];
  selectedTime: string | null;
  onSelect: (slot: TimeSlot) => void;
};

/** Available slots blue, unavailable grey and disabled, the selected one green. */
export function TimeSlotList({ slots, selectedTime, onSelect }: TimeSlotListProps) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
      {slots.map((slot) => {
        const isSelected = slot.time === selectedTime;
        const state = isSelected
          ? t('scheduling.slots.selected')
          : slot.available
            ? t('scheduling.slots.available')
            : t('scheduling.slots.unavailable');
        return (
          <li key={slot.time}>
            <button
              type="button"
              disabled={!slot.available}
              aria-pressed={isSelected}
              aria-label={t('scheduling.slots.slotLabel', { time: slot.time, state })}
              onClick={() => onSelect(slot)}
              className={cn(
                'h-10 w-full rounded-lg text-sm font-semibold transition-colors',
                isSelected
                  ? 'bg-green-700 text-white'
                  : slot.available
                    ? 'bg-blue-700 text-white hover:bg-blue-800'
                    : 'cursor-not-allowed bg-slate-200 text-slate-500',
              )}
            >
              {slot.time}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
