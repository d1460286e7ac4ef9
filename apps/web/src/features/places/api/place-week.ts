import {
  daysOfWeek,
  minutesOfTime,
  placeWeekAnswerSchema,
  type DayOfWeek,
  type PlaceWeek,
} from '@clube/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '@/lib/api-client';

/** A weekday of a place's week as edited: as the club, closed, or open within other hours. */
export type PlaceWeekDay = {
  mode: 'club' | 'closed' | 'open';
  openTime: string;
  closeTime: string;
};
export type PlaceWeekDraft = Record<DayOfWeek, PlaceWeekDay>;
/** Why a weekday cannot be saved, by weekday. */
export type PlaceWeekErrors = Partial<Record<DayOfWeek, 'time' | 'order'>>;

const followsClub: PlaceWeekDay = { mode: 'club', openTime: '', closeTime: '' };
const time = /^([01]\d|2[0-3]):[0-5]\d$/;

export const placeWeekKey = (placeId: string) => ['place-week', placeId] as const;

/** GET /backoffice/place/{id}/week: the weekdays where the place differs from the club. */
export async function getPlaceWeek(placeId: string, signal?: AbortSignal) {
  return placeWeekAnswerSchema.parse(await api.get(`/backoffice/place/${placeId}/week`, { signal }))
    .items;
}

/**
 * The week as the place's create and edit send it (`week` in their body, saved in the same
 * transaction): only the weekdays that differ from the club.
 */
export function placeWeekOf(draft: PlaceWeekDraft): PlaceWeek {
  return {
    items: daysOfWeek
      .filter((day) => draft[day].mode !== 'club')
      .map((dayOfWeek) => {
        const day = draft[dayOfWeek];
        return day.mode === 'closed'
          ? { dayOfWeek, openTime: null, closeTime: null }
          : { dayOfWeek, openTime: day.openTime, closeTime: day.closeTime };
      }),
  };
}

export function errorsOf(draft: PlaceWeekDraft): PlaceWeekErrors {
  const errors: PlaceWeekErrors = {};
  for (const dayOfWeek of daysOfWeek) {
    const day = draft[dayOfWeek];
    if (day.mode !== 'open') continue;
    if (!time.test(day.openTime) || !time.test(day.closeTime)) errors[dayOfWeek] = 'time';
    else if (minutesOfTime(day.openTime) >= minutesOfTime(day.closeTime))
      errors[dayOfWeek] = 'order';
  }
  return errors;
}

const emptyDraft = () =>
  Object.fromEntries(daysOfWeek.map((day) => [day, followsClub])) as PlaceWeekDraft;

/**
 * The place's week being edited in its form: read once for an existing place, changed locally,
 * checked and sent in the place's own body (only when changed).
 */
export function usePlaceWeekDraft(placeId: string | undefined, isOpen: boolean) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: placeWeekKey(placeId ?? ''),
    queryFn: ({ signal }) => getPlaceWeek(placeId!, signal),
    enabled: Boolean(placeId) && isOpen,
  });
  const [draft, setDraft] = useState<PlaceWeekDraft>(emptyDraft);
  const [isDirty, setIsDirty] = useState(false);
  const [errors, setErrors] = useState<PlaceWeekErrors>({});
  useEffect(() => {
    if (!isOpen) return;
    const next = emptyDraft();
    for (const item of saved.data ?? [])
      next[item.dayOfWeek] =
        item.openTime === null
          ? { mode: 'closed', openTime: '', closeTime: '' }
          : { mode: 'open', openTime: item.openTime, closeTime: item.closeTime ?? '' };
    setDraft(next);
    setIsDirty(false);
    setErrors({});
  }, [saved.data, isOpen]);

  return {
    draft,
    errors,
    isLoading: saved.isLoading,
    isError: saved.isError,
    change(days: Partial<PlaceWeekDraft>) {
      setDraft((current) => ({ ...current, ...days }));
      setIsDirty(true);
      setErrors({});
    },
    /** False, with the errors shown, when a weekday's hours are incomplete or reversed. */
    check() {
      const found = errorsOf(draft);
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    /** What the place's body carries: the week when it was changed, otherwise nothing. */
    body(): { week?: PlaceWeek } {
      return isDirty ? { week: placeWeekOf(draft) } : {};
    },
    /** After the place (and its week) was saved: the week is read again next time. */
    saved(id: string) {
      return queryClient.invalidateQueries({ queryKey: placeWeekKey(id) });
    },
  };
}
