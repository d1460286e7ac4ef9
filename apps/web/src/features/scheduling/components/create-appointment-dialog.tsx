import type { AssociateListItem, CreateAppointmentBody, TimeSlot } from '@clube/shared';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCheckAppointment } from '../api/check-appointment';
import { useCreateAppointment } from '../api/create-appointment';
import { memberSearchMinLength, useAssociateSearch } from '../api/search-associates';
import { ExceptionBookingForm, useCanBookAsException } from './exception-booking-form';

type CreateAppointmentDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  slot: TimeSlot;
  placeId: string;
  placeName: string;
  companyId: string;
  timezone: string;
  /** A member already chosen (the day sheet opened to book for them): the check runs at once. */
  member?: AssociateListItem | null;
  /** After the booking is made (the dialog closes by itself). */
  onCreated?: () => void;
};

/** Typing settles this long before the club's search is asked. */
const searchDebounceMs = 250;

/**
 * Books the selected slot for a member found in one field by name, CPF or card (the club's own
 * search: every word, any order, accents ignored). Picking a member asks the "why not?" check;
 * 'Criar' and Enter book only when every rule passes, the failing ones listed otherwise.
 */
export function CreateAppointmentDialog({
  isOpen,
  onClose,
  slot,
  placeId,
  placeName,
  companyId,
  timezone,
  member = null,
  onCreated,
}: CreateAppointmentDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [text, setText] = useState(member?.user.name ?? '');
  const [picked, setPicked] = useState<AssociateListItem | null>(member);
  const term = useDebouncedValue(text.trim(), searchDebounceMs);
  // Once a member is picked the field shows their name: nothing more to search for.
  const search = useAssociateSearch(companyId, picked ? '' : term);
  const create = useCreateAppointment(companyId);

  const body: CreateAppointmentBody | null = picked
    ? {
        associateId: picked.id,
        placeId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        cardId: picked.cardId,
      }
    : null;
  const check = useCheckAppointment(companyId, body);
  const canCreate = body !== null && check.data?.ok === true && !create.isPending;

  const close = () => {
    setText('');
    setPicked(null);
    onClose();
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!body || !canCreate) return;
    try {
      await create.mutateAsync(body);
      toast.success(t('scheduling.create.created'));
      close();
      onCreated?.();
    } catch (error) {
      // A refusal reads its code's sentence, else 'Erro ao criar'; a request that
      // got no answer at all (network, timeout) says which action failed.
      const fallback =
        isApiError(error) && error.status === 0
          ? t('scheduling.create.requestError')
          : t('scheduling.create.createError');
      toast.error(errorMessageOf(error, fallback));
    }
  };

  // A refusal of the booking itself (someone booked in between) lists its failures instead.
  const refusal = create.isError ? failuresOfRefusal(create.error) : [];
  const failures = refusal.length > 0 ? refusal : (check.data?.failures ?? []);
  const quota = check.data?.quota;
  const canBookAsException = useCanBookAsException(failures);
  const isSearching = !picked && term.length >= memberSearchMinLength;
  const matches = search.data ?? [];

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('scheduling.create.title')}
      description={t('scheduling.create.slot', {
        place: placeName,
        date: formatDate(slot.startsAt, timezone),
        start: formatTime(slot.startsAt, timezone),
        end: formatTime(slot.endsAt, timezone),
      })}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('scheduling.create.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={!canCreate} isLoading={create.isPending}>
            {t('scheduling.create.submit')}
          </Button>
        </>
      }
    >
      {/* One text field: Enter on a picked member submits the form (an open list picks). */}
      <form id={formId} onSubmit={submit} noValidate>
        <Combobox
          value={picked}
          by="id"
          onChange={(member: AssociateListItem | null) => {
            create.reset();
            setPicked(member);
            if (member) setText(member.user.name);
          }}
        >
          <label
            htmlFor={`${formId}-member`}
            className="mb-1.5 block text-sm font-medium text-slate-800"
          >
            {t('scheduling.create.member')}
          </label>
          <ComboboxInput
            id={`${formId}-member`}
            autoFocus
            autoComplete="off"
            placeholder={t('scheduling.create.memberPlaceholder')}
            aria-describedby={`${formId}-hint`}
            className={inputStyles(false)}
            displayValue={(member: AssociateListItem | null) => member?.user.name ?? text}
            onChange={(event) => {
              create.reset();
              setText(event.target.value);
              setPicked(null);
            }}
          />
          <p id={`${formId}-hint`} className="mt-1.5 text-sm text-slate-600">
            {t('scheduling.create.memberHint')}
          </p>
          {isSearching && (
            <ComboboxOptions
              className="mt-2 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-sm empty:hidden"
              aria-label={t('scheduling.create.matches')}
            >
              {matches.map((member) => (
                <ComboboxOption
                  key={member.id}
                  value={member}
                  className="cursor-pointer px-3 py-2 text-sm data-focus:bg-brand-50 data-focus:text-brand-900"
                >
                  <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {member.user.name}
                    {/* The booking would be refused: said before it is picked. */}
                    {(member.blocked || member.associateTitle.blocked) && (
                      <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300 ring-inset">
                        {t('scheduling.create.blockedBadge')}
                      </span>
                    )}
                  </span>
                  <span className="block text-slate-600">
                    {t('scheduling.create.matchDetail', {
                      cardId: member.cardId,
                      title: member.associateTitle.name,
                    })}
                  </span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          )}
        </Combobox>
      </form>

      <div className="mt-3 text-sm" aria-live="polite">
        {isSearching && search.isFetching && (
          <p className="flex items-center gap-2 text-slate-600">
            <Spinner className="size-4" /> {t('scheduling.create.searching')}
          </p>
        )}
        {isSearching && search.isError && (
          <p role="alert" className="font-medium text-red-700">
            {t('scheduling.create.lookupError')}
          </p>
        )}
        {isSearching && search.isSuccess && matches.length === 0 && (
          <p className="text-slate-700">{t('scheduling.create.noMatch')}</p>
        )}
      </div>

      {picked && (
        <div className="space-y-2 text-sm">
          <p className="font-semibold text-slate-900">
            {t('scheduling.create.associate', { name: picked.user.name })}
          </p>
          <p className="text-slate-700">
            {t('scheduling.create.matchDetail', {
              cardId: picked.cardId,
              title: picked.associateTitle.name,
            })}
          </p>
          {check.isPending && (
            <p className="flex items-center gap-2 text-slate-600">
              <Spinner className="size-4" /> {t('scheduling.create.checking')}
            </p>
          )}
          {check.isError && (
            <p role="alert" className="font-medium text-red-700">
              {t('scheduling.create.checkError')}
            </p>
          )}
          {quota && (
            <p className="text-slate-700">
              {quota.limit > 0
                ? t('scheduling.create.quota', { used: quota.used, limit: quota.limit })
                : t('scheduling.create.noQuota')}
            </p>
          )}
          {failures.length > 0 && (
            <BookingFailureList
              failures={failures}
              title={t('scheduling.create.failuresHeading')}
              realm="backoffice"
            />
          )}
          {canBookAsException && body && (
            <ExceptionBookingForm companyId={companyId} body={body} onBooked={close} />
          )}
        </div>
      )}
    </Dialog>
  );
}
