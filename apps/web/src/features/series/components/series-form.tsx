import {
  placeSlotStarts,
  seriesWeekdayLabels,
  type AssociateListItem,
  type SeriesBody,
  type SeriesPreview,
} from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { DayField } from '@/components/day-field';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { isApiError } from '@/lib/http-client';
import {
  previewSeries,
  useCreateSeries,
  useSeriesMemberSearch,
  useSeriesPlaces,
} from '../api/series';
import { SeriesPreviewList } from './series-preview-list';

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The staff's form of a new series: what, for whom, its preview, then the save. */
export function SeriesForm() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const places = useSeriesPlaces(company.id);
  const create = useCreateSeries(company.id);
  const [placeId, setPlaceId] = useState('');
  const [isActivity, setIsActivity] = useState(false);
  const [activityName, setActivityName] = useState('');
  const [term, setTerm] = useState('');
  const [picked, setPicked] = useState<AssociateListItem | null>(null);
  const [days, setDays] = useState<number[]>([]);
  const [startTime, setStartTime] = useState('');
  const [startsOn, setStartsOn] = useState('');
  const [endsOn, setEndsOn] = useState('');
  const [preview, setPreview] = useState<SeriesPreview | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const search = useSeriesMemberSearch(company.id, picked ? '' : term);
  const place = places.data?.find((candidate) => candidate.id === placeId);
  // The place's own slots: a series holds one of them, its length the place's.
  const slotStarts = place ? placeSlotStarts(place) : [];

  const body = (): SeriesBody | null =>
    place && picked && slotStarts.includes(startTime)
      ? {
          placeId,
          associateId: picked.id,
          ...(isActivity ? { activityName } : {}),
          weekdays: days,
          startTime,
          lengthMinutes: place.bookRange,
          startsOn,
          endsOn,
        }
      : null;
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
    };

  async function showPreview() {
    const request = body();
    if (!request) return;
    setIsLoading(true);
    setNotice(null);
    try {
      setPreview(await previewSeries(request));
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessageOf(error, t('series.failed')) });
    } finally {
      setIsLoading(false);
    }
  }

  async function save() {
    const request = body();
    if (!request || !preview) return;
    const dates = preview.dates.filter((date) => date.available).map((date) => date.date);
    try {
      const saved = await create.mutateAsync({ ...request, dates });
      setNotice({ tone: 'info', text: t('series.form.saved', { count: saved.bookings.length }) });
      setPreview(null);
    } catch (error) {
      const details = isApiError(error)
        ? (error.data as { details?: unknown } | null)?.details
        : null;
      const fresh = (details as { preview?: SeriesPreview } | null)?.preview;
      if (fresh) setPreview(fresh);
      setNotice({
        tone: 'error',
        text: fresh ? t('series.form.changed') : errorMessageOf(error, t('series.failed')),
      });
    }
  }

  const free = preview?.dates.filter((date) => date.available).length ?? 0;
  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-slate-900">{t('series.form.title')}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('series.form.place')}>
          {(control) => (
            <select
              {...control}
              className={inputStyles(false)}
              value={placeId}
              onChange={(event) => {
                setStartTime('');
                change(setPlaceId)(event.target.value);
              }}
            >
              <option value="">{t('series.form.choosePlace')}</option>
              {(places.data ?? []).map((place) => (
                <option key={place.id} value={place.id}>
                  {place.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <fieldset>
          <legend className="mb-1.5 block text-sm font-medium text-slate-800">
            {t('series.form.kind')}
          </legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="series-kind"
              checked={!isActivity}
              onChange={() => change(setIsActivity)(false)}
            />
            {t('series.form.kindMember')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="series-kind"
              checked={isActivity}
              onChange={() => change(setIsActivity)(true)}
            />
            {t('series.form.kindActivity')}
          </label>
          <p className="mt-1.5 text-sm text-slate-600" data-testid="series-quota-note">
            {isActivity ? t('series.form.activityNote') : t('series.form.memberNote')}
          </p>
        </fieldset>
        {isActivity && (
          <Input
            label={t('series.form.activityName')}
            placeholder={t('series.form.activityPlaceholder')}
            value={activityName}
            maxLength={120}
            onChange={(event) => change(setActivityName)(event.target.value)}
          />
        )}
        <div>
          <Input
            label={isActivity ? t('series.form.responsible') : t('series.form.member')}
            hint={t('series.form.searchHint')}
            value={picked ? `${picked.user.name} (${picked.cardId})` : term}
            onChange={(event) => {
              setPicked(null);
              change(setTerm)(event.target.value);
            }}
          />
          {!picked && (search.data ?? []).length > 0 && (
            <ul className="mt-1 divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
              {search.data!.map((associate) => (
                <li key={associate.id}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left text-sm hover:bg-slate-50"
                    onClick={() => change(setPicked)(associate)}
                  >
                    {associate.user.name} · {associate.cardId}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('series.form.weekdays')}
        </legend>
        <div className="flex flex-wrap gap-3">
          {weekdays.map((day) => (
            <label key={day} className="flex items-center gap-1.5 text-sm">
              <input
                type="checkbox"
                checked={days.includes(day)}
                onChange={(event) =>
                  change(setDays)(
                    event.target.checked ? [...days, day] : days.filter((other) => other !== day),
                  )
                }
              />
              {seriesWeekdayLabels[day]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField
          label={t('series.form.startTime')}
          hint={place ? t('series.form.length', { count: place.bookRange }) : undefined}
        >
          {(control) => (
            <select
              {...control}
              className={inputStyles(false)}
              value={startTime}
              disabled={!place}
              onChange={(event) => change(setStartTime)(event.target.value)}
            >
              <option value="">
                {place ? t('series.form.chooseTime') : t('series.form.placeFirst')}
              </option>
              {slotStarts.map((time) => (
                <option key={time} value={time}>
                  {time}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {/* Level with the start time's field, whose hint makes the row taller. */}
        <DayField
          label={t('series.form.startsOn')}
          date={startsOn}
          onChange={change(setStartsOn)}
          className="self-start"
        />
        <DayField
          label={t('series.form.endsOn')}
          date={endsOn}
          onChange={change(setEndsOn)}
          className="self-start"
        />
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="secondary"
          onClick={() => void showPreview()}
          disabled={!body() || days.length === 0 || isLoading}
        >
          {t('series.form.preview')}
        </Button>
        {preview && (
          <Button onClick={() => void save()} disabled={free === 0 || create.isPending}>
            {t('series.form.save', { count: free })}
          </Button>
        )}
      </div>
      {preview && (
        <>
          <Alert>
            {preview.countsTowardQuota
              ? preview.quotaLimit > 0
                ? t('series.form.quotaNote', { limit: preview.quotaLimit })
                : t('series.form.quotaNoteNoLimit')
              : t('series.form.activityNote')}
          </Alert>
          <SeriesPreviewList preview={preview} timezone={company.timezone} />
        </>
      )}
    </Card>
  );
}
