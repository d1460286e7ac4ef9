import {
  placeFieldsSchema,
  type Place,
  type PlaceFields,
  type PlaceFieldsInput,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { TimeInput } from '@/components/ui/time-input';
import { useCategories } from '@/lib/api/get-categories';
import { useOperatingHours } from '@/lib/api/get-operating-hours';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { useCreatePlace } from '../api/create-place';
import { useUpdatePlace } from '../api/update-place';
import { usePlaceWeekDraft } from '../api/place-week';
import { NewCategoryField } from './new-category-field';
import { PlaceCheckbox, PlaceGuestSettings, PlaceNumberFields } from './place-guest-settings';
import { PlacePartsField } from './place-parts-field';
import { PlaceWeekEditor } from './place-week-editor';

type FormValues = {
  name: string;
  description: string;
  categoryId: string;
  startsAt: string;
  endsAt: string;
  bookRange: string;
  associateReservationLimit: string;
  availableBookingDays: string;
  ageRestriction: string;
  maxCancelBookingTime: string;
  anonymousBooking: boolean;
  guestsAllowed: boolean;
  guestLimit: string;
  guestCpfRequired: boolean;
  guestListClosesHours: string;
  partPlaceIds: string[];
};

const fieldNames = [
  'name',
  'description',
  'categoryId',
  'startsAt',
  'endsAt',
  'bookRange',
  'associateReservationLimit',
  'availableBookingDays',
  'ageRestriction',
  'maxCancelBookingTime',
  'anonymousBooking',
  'guestsAllowed',
  'guestLimit',
  'guestCpfRequired',
  'guestListClosesHours',
  'partPlaceIds',
] as const satisfies ReadonlyArray<Path<PlaceFieldsInput>>;

const numberFields = [
  'bookRange',
  'associateReservationLimit',
  'availableBookingDays',
  'ageRestriction',
  'maxCancelBookingTime',
] as const;

/**
 * What a new place starts with: a day from 08:00 to 22:00 in one-hour slots, no monthly limit, a
 * week ahead, no minimum age, cancellable until 2 hours before. Name, description and category
 * are the staff's to give.
 */
const newPlaceDefaults = {
  startsAt: '08:00',
  endsAt: '22:00',
  bookRange: '60',
  associateReservationLimit: '0',
  availableBookingDays: '7',
  ageRestriction: '0',
  maxCancelBookingTime: '2',
  guestLimit: '0',
  guestListClosesHours: '0',
};

function defaultValuesOf(place?: Place): FormValues {
  return {
    name: place?.name ?? '',
    description: place?.description ?? '',
    categoryId: place?.categoryId ?? '',
    startsAt: place?.startsAt ?? newPlaceDefaults.startsAt,
    endsAt: place?.endsAt ?? newPlaceDefaults.endsAt,
    bookRange: place ? String(place.bookRange) : newPlaceDefaults.bookRange,
    associateReservationLimit: place
      ? String(place.associateReservationLimit)
      : newPlaceDefaults.associateReservationLimit,
    availableBookingDays: place
      ? String(place.availableBookingDays)
      : newPlaceDefaults.availableBookingDays,
    ageRestriction: place ? String(place.ageRestriction) : newPlaceDefaults.ageRestriction,
    maxCancelBookingTime: place
      ? String(place.maxCancelBookingTime)
      : newPlaceDefaults.maxCancelBookingTime,
    anonymousBooking: place?.anonymousBooking ?? false,
    guestsAllowed: place?.guestsAllowed ?? false,
    guestLimit: place ? String(place.guestLimit) : newPlaceDefaults.guestLimit,
    guestCpfRequired: place?.guestCpfRequired ?? false,
    guestListClosesHours: place
      ? String(place.guestListClosesHours)
      : newPlaceDefaults.guestListClosesHours,
    partPlaceIds: place?.parts.map((part) => part.id) ?? [],
  };
}

type PlaceFormDialogProps = {
  companyId: string;
  isOpen: boolean;
  onClose: () => void;
  /** Absent: create. Present: edit this place. */
  place?: Place;
};

/** The create and edit dialogs of a place (one form, its rules from the shared schema). */
export function PlaceFormDialog({ companyId, isOpen, onClose, place }: PlaceFormDialogProps) {
  const { t } = useTranslation();
  const isEditing = Boolean(place);
  const categories = useCategories(companyId);
  const createPlace = useCreatePlace();
  const updatePlace = useUpdatePlace();
  const week = usePlaceWeekDraft(place?.id, isOpen);
  const clubWeek = useOperatingHours(companyId);
  const isPending = createPlace.isPending || updatePlace.isPending;
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    setValue,
    formState: { errors },
  } = useForm<PlaceFieldsInput, unknown, PlaceFields>({
    resolver: zodResolver(placeFieldsSchema),
    defaultValues: defaultValuesOf(place),
  });

  const guestsAllowed = watch('guestsAllowed');

  const close = () => {
    reset(defaultValuesOf(place));
    onClose();
  };

  const showServerError = (error: unknown, fallback: string) => {
    const fieldErrors = serverFieldErrorsOf(error, fieldNames);
    for (const { field, message } of fieldErrors) setError(field, { message });
    if (errorKeyOf(error)?.startsWith('PlacePart')) {
      setError('partPlaceIds', { message: errorMessageOf(error, fallback) });
    }
    if (errorKeyOf(error) === 'CategoryNotFound') {
      setError('categoryId', { message: errorMessageOf(error, fallback) });
    }
    toast.error(errorMessageOf(error, fallback));
  };

  const onSubmit = handleSubmit((values) => {
    if (!week.check()) return;
    if (place) {
      updatePlace.mutate(
        { id: place.id, ...values, ...week.body() },
        {
          onSuccess: async (updated) => {
            await week.saved(updated.id);
            toast.success(t('places.toasts.edited', { name: updated.name }));
            onClose();
            reset(defaultValuesOf(updated));
          },
          onError: (error) => showServerError(error, t('places.toasts.editError')),
        },
      );
      return;
    }
    createPlace.mutate(
      { companyId, ...values, ...week.body() },
      {
        onSuccess: async (created) => {
          await week.saved(created.id);
          toast.success(t('places.toasts.created', { name: created.name }));
          close();
        },
        onError: (error) => showServerError(error, t('places.toasts.createError')),
      },
    );
  });

  const categoryItems = categories.data ?? [];
  // A category made inside the form is selected once the list holds it (a select cannot take a
  // value it has no option for).
  const [madeCategoryId, setMadeCategoryId] = useState<string | null>(null);
  useEffect(() => {
    if (!madeCategoryId || !categoryItems.some((category) => category.id === madeCategoryId))
      return;
    setValue('categoryId', madeCategoryId, { shouldValidate: true });
    setMadeCategoryId(null);
  }, [madeCategoryId, categoryItems, setValue]);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={isEditing ? t('places.form.editTitle') : t('places.form.createTitle')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Input label={t('places.form.name')} error={errors.name?.message} {...register('name')} />
        <FormField label={t('places.form.description')} error={errors.description?.message}>
          {(fieldControl) => (
            <textarea
              {...fieldControl}
              rows={3}
              className={cn(inputStyles(Boolean(errors.description)), 'h-auto py-2')}
              {...register('description')}
            />
          )}
        </FormField>
        <FormField
          label={t('places.form.category')}
          error={errors.categoryId?.message}
          hint={
            categories.isError
              ? t('places.form.categoriesError')
              : categories.isSuccess && categoryItems.length === 0
                ? t('places.form.noCategories')
                : undefined
          }
        >
          {(fieldControl) => (
            <select
              {...fieldControl}
              className={inputStyles(Boolean(errors.categoryId))}
              {...register('categoryId')}
            >
              <option value="">{t('places.form.categoryPlaceholder')}</option>
              {categoryItems.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
              {/* The place's own category stays selectable even if it was archived meanwhile. */}
              {place && !categoryItems.some((category) => category.id === place.categoryId) && (
                <option value={place.categoryId}>{place.category.name}</option>
              )}
            </select>
          )}
        </FormField>
        {!isEditing && categories.isSuccess && categoryItems.length === 0 && (
          <NewCategoryField companyId={companyId} onCreated={setMadeCategoryId} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {(['startsAt', 'endsAt'] as const).map((name) => (
            <Controller
              key={name}
              name={name}
              control={control}
              render={({ field }) => (
                <TimeInput
                  label={t(`places.form.${name}`)}
                  error={errors[name]?.message}
                  ref={field.ref}
                  name={field.name}
                  value={String(field.value ?? '')}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                />
              )}
            />
          ))}
        </div>
        <PlaceNumberFields
          names={numberFields}
          hintOf={(name) =>
            name === 'associateReservationLimit' || name === 'bookRange'
              ? t(`places.form.${name}Hint`)
              : undefined
          }
          register={register}
          errors={errors}
        />
        <PlaceCheckbox
          label={t('places.form.anonymousBooking')}
          {...register('anonymousBooking')}
        />
        <PlaceGuestSettings register={register} errors={errors} guestsAllowed={guestsAllowed} />
        <Controller
          name="partPlaceIds"
          control={control}
          render={({ field }) => (
            <PlacePartsField
              companyId={companyId}
              {...(place ? { place } : {})}
              value={field.value ?? []}
              onChange={field.onChange}
              {...(errors.partPlaceIds?.message ? { error: errors.partPlaceIds.message } : {})}
            />
          )}
        />
        <PlaceWeekEditor
          draft={week.draft}
          errors={week.errors}
          onChange={week.change}
          clubWeek={clubWeek.data}
          isError={week.isError}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={isPending}>
            {t('places.form.cancel')}
          </Button>
          <Button type="submit" isLoading={isPending}>
            {isEditing ? t('places.form.save') : t('places.form.create')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
