import { daysOfWeek, type DayOfWeek, type OperatingHour } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import { TimeInput } from '@/components/ui/time-input';
import type { PlaceWeekDay, PlaceWeekDraft, PlaceWeekErrors } from '../api/place-week';

type PlaceWeekEditorProps = {
  draft: PlaceWeekDraft;
  errors: PlaceWeekErrors;
  onChange: (days: Partial<PlaceWeekDraft>) => void;
  /** The club's week, shown beside each weekday (the place's hours stay inside it). */
  clubWeek: OperatingHour[] | undefined;
  isError?: boolean;
};

const modes = ['club', 'closed', 'open'] as const;

/**
 * A place's own week inside the club's: per weekday, as the club, closed, or open from–to; a
 * weekday's choice can be copied to every other day.
 */
export function PlaceWeekEditor({
  draft,
  errors,
  onChange,
  clubWeek,
  isError,
}: PlaceWeekEditorProps) {
  const { t } = useTranslation();
  const set = (day: DayOfWeek, change: Partial<PlaceWeekDay>) =>
    onChange({ [day]: { ...draft[day], ...change } });
  const copyToAll = (source: DayOfWeek) =>
    onChange(Object.fromEntries(daysOfWeek.map((day) => [day, { ...draft[source] }])));
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('places.week.legend')}
      </legend>
      <p className="text-sm text-slate-600">{t('places.week.hint')}</p>
      {isError && <Alert tone="error">{t('places.week.loadError')}</Alert>}
      <ul className="divide-y divide-slate-200">
        {daysOfWeek.map((day) => {
          const dayName = t(`operatingHours.days.${day}`);
          const club = clubWeek?.find((hour) => hour.dayOfWeek === day);
          const value = draft[day];
          const error = errors[day];
          return (
            <li key={day} className="py-3 first:pt-0 last:pb-0">
              <div role="group" aria-label={dayName}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-medium text-slate-900">{dayName}</p>
                    <p className="text-xs text-slate-600">
                      {club
                        ? t('places.week.club', { open: club.openTime, close: club.closeTime })
                        : t('places.week.clubClosed')}
                    </p>
                  </div>
                  <select
                    aria-label={t('places.week.modeOf', { day: dayName })}
                    value={value.mode}
                    onChange={(event) =>
                      set(day, { mode: event.target.value as PlaceWeekDay['mode'] })
                    }
                    className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm"
                  >
                    {modes.map((mode) => (
                      <option key={mode} value={mode}>
                        {t(`places.week.modes.${mode}`)}
                      </option>
                    ))}
                  </select>
                </div>
                {value.mode === 'open' && (
                  <div className="mt-2 grid grid-cols-2 gap-3">
                    {(['openTime', 'closeTime'] as const).map((name) => (
                      <TimeInput
                        key={name}
                        label={t(`places.week.${name}`)}
                        value={value[name]}
                        onChange={(next) => set(day, { [name]: next })}
                        error={
                          error && name === 'closeTime'
                            ? t(error === 'order' ? 'places.week.order' : 'places.week.time')
                            : undefined
                        }
                      />
                    ))}
                  </div>
                )}
                <button
                  type="button"
                  onClick={() => copyToAll(day)}
                  aria-label={t('operatingHours.copyToAllOf', { day: dayName })}
                  className={cn(
                    'mt-1 text-xs font-medium text-brand-800 underline-offset-2 hover:underline',
                    'focus-visible:outline-2 focus-visible:outline-brand-700',
                  )}
                >
                  {t('operatingHours.copyToAll')}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
