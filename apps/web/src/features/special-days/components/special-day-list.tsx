import type { SpecialDay } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PencilIcon, TrashIcon } from '@/components/ui/icons';
import { formatClubDate, hoursText, scopeText } from './special-day-text';

type SpecialDayListProps = {
  days: SpecialDay[];
  /** Absent for a role that only reads: no edit or delete buttons. */
  onEdit?: (day: SpecialDay) => void;
  onDelete?: (day: SpecialDay) => void;
};

/** The year's special days by date: date, name, what it covers, closed or its hours. */
export function SpecialDayList({ days, onEdit, onDelete }: SpecialDayListProps) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {days.map((day) => {
        const date = formatClubDate(day.date);
        return (
          <li
            key={day.id}
            className="grid gap-1 px-4 py-3 xl:grid-cols-[7rem_1fr_11rem_13rem_auto] xl:items-center xl:gap-4"
          >
            <span className="font-medium tabular-nums text-slate-900">{date}</span>
            <span className="font-semibold text-slate-900">{day.name}</span>
            <span className="text-sm text-slate-700">{scopeText(t, day)}</span>
            <span
              className={day.closed ? 'text-sm font-medium text-red-800' : 'text-sm text-slate-700'}
            >
              {hoursText(t, day)}
            </span>
            {(onEdit || onDelete) && (
              <span className="mt-1 flex gap-2 xl:mt-0 xl:justify-end">
                {onEdit && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onEdit(day)}
                    aria-label={t('specialDays.editOf', { name: day.name, date })}
                  >
                    <PencilIcon className="size-4" />
                    {t('specialDays.edit')}
                  </Button>
                )}
                {onDelete && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => onDelete(day)}
                    aria-label={t('specialDays.removeOf', { name: day.name, date })}
                  >
                    <TrashIcon className="size-4" />
                    {t('specialDays.remove')}
                  </Button>
                )}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
