import {
  addDaysToDate,
  clubInstant,
  clubToday,
  isCalendarDate,
  type DaySheetAppointment,
  type DaySheetCell,
  type DaySheetPlace,
  type TimeSlot,
} from '@clube/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { errorMessageOf } from '@/lib/errors';
import { PageHeader } from '@/components/ui/page-header';
import { ExceptionMark } from '@/components/exception-mark';
import { Spinner } from '@/components/ui/spinner';
import { useAssociate } from '@/lib/api/get-associate';
import { useCategories } from '@/lib/api/get-categories';
import { isWellFormedId } from '@/lib/record-id';
import { useCurrentCompany } from '@/lib/current-company';
import { useCan } from '@/lib/permissions';
import { formatLongDay } from '@/lib/dates';
import { useDaySheet } from '../api/get-day-sheet';
import { useMoveAppointment } from '../api/move-appointment';
import { useClubEvents, type LiveStatus } from '../api/use-club-events';
import { BlockSlotDialog } from '../components/block-slot-dialog';
import { checkMove, type SheetCell } from '../components/booking-move';
import { CheckInByCodeDialog } from '../components/check-in-by-code-dialog';
import { CreateAppointmentDialog } from '../components/create-appointment-dialog';
import { DayField } from '../components/day-field';
import { DaySheetBookingDialog } from '../components/day-sheet-booking-dialog';
import { CellText, DaySheetGrid, cellLabel, cellStyleOf } from '../components/day-sheet-grid';
import { SlotLegend } from '../components/slot-legend';
import { AttendanceMark, lookOfCell, slotLooks } from '../components/slot-look';

type FreeCell = { place: DaySheetPlace; slot: TimeSlot };

const gridId = 'quadro-do-dia';

const liveStyles: Record<LiveStatus, string> = {
  connecting: 'bg-slate-100 text-slate-600',
  live: 'bg-brand-100 text-brand-800',
  offline: 'bg-amber-100 text-amber-900',
};

/**
 * The front desk's day sheet: the club's whole day on one screen, kept current by the club's
 * live events. The date and the category live in the URL, so a printed or shared link shows the
 * same sheet.
 */
export function DaySheetPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const today = clubToday(company.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const dateParam = searchParams.get('date');
  const date = isCalendarDate(dateParam) ? dateParam : today;
  const categoryId = searchParams.get('category') ?? undefined;
  // Opened from an associate's page to book for them: a free cell books with them chosen.
  const forId = searchParams.get('para') ?? '';
  const forMember = useAssociate(company.id, forId, isWellFormedId(forId));
  const member = forMember.data
    ? {
        id: forMember.data.id,
        user: { name: forMember.data.user.name, cpf: forMember.data.user.cpf },
        birthDate: forMember.data.birthDate,
        cardId: forMember.data.cardId,
        associateTitle: {
          id: forMember.data.associateTitle.id,
          name: forMember.data.associateTitle.name,
          blocked: forMember.data.associateTitle.blocked,
        },
        isHolder: forMember.data.isHolder,
        blocked: forMember.data.blocked,
        portalAccess: forMember.data.portalAccess,
        createdAt: forMember.data.createdAt,
        updatedAt: forMember.data.updatedAt,
      }
    : null;
  const sheet = useDaySheet(company.id, date, categoryId);
  const categories = useCategories(company.id);
  const live = useClubEvents(company.id);
  const [freeCell, setFreeCell] = useState<FreeCell | null>(null);
  const [dialog, setDialog] = useState<'choose' | 'create' | 'block' | null>(null);
  const [booking, setBooking] = useState<{
    placeName: string;
    appointment: DaySheetAppointment;
  } | null>(null);
  const [mobilePlaceId, setMobilePlaceId] = useState<string | null>(null);
  const canCheckIn = useCan('bookings.write');
  const canMove = canCheckIn;
  // Moving a booking: the one picked up, the cell chosen for it (asked to confirm), and why the
  // last cell chosen cannot take it.
  const [moving, setMoving] = useState<SheetCell | null>(null);
  const [moveTarget, setMoveTarget] = useState<SheetCell | null>(null);
  const [moveNote, setMoveNote] = useState<string | null>(null);
  const moveBooking = useMoveAppointment(company.id);
  const startMove = (source: SheetCell) => {
    setMoving(source);
    setMoveTarget(null);
    setMoveNote(null);
    moveBooking.reset();
  };
  const cancelMove = () => {
    setMoving(null);
    setMoveTarget(null);
    setMoveNote(null);
  };
  const chooseTarget = (target: SheetCell) => {
    if (!moving || !sheet.data) return;
    const check = checkMove(sheet.data, moving, target);
    if (check === 'same') return cancelMove();
    if (check !== 'ok') {
      const category = sheet.data.categories.find((group) =>
        group.places.some((place) => place.id === moving.place.id),
      );
      setMoveNote(
        t(`scheduling.daySheet.move.refused.${check}`, {
          category: category?.name ?? '',
          minutes: (Date.parse(moving.cell.endsAt) - Date.parse(moving.cell.startsAt)) / 60_000,
        }),
      );
      return;
    }
    setMoveNote(null);
    moveBooking.reset();
    setMoveTarget(target);
  };
  const confirmMove = async () => {
    if (!moving?.cell.appointment || !moveTarget) return;
    try {
      await moveBooking.mutateAsync({
        id: moving.cell.appointment.id,
        placeId: moveTarget.place.id,
        startsAt: moveTarget.cell.startsAt,
      });
      toast.success(
        t('scheduling.daySheet.move.moved', {
          place: moveTarget.place.name,
          time: moveTarget.cell.time,
        }),
      );
      cancelMove();
    } catch (error) {
      // The refusal stays in the dialog; a failure with no rule list also says so in a toast.
      if (failuresOfRefusal(error).length === 0)
        toast.error(errorMessageOf(error, t('scheduling.daySheet.move.error')));
    }
  };
  const [isCheckingInByCode, setIsCheckingInByCode] = useState(false);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearchParams(next, { replace: true });
  };
  const goTo = (next: string) => update({ date: next === today ? undefined : next });

  const openCell = (place: DaySheetPlace, cell: DaySheetCell) => {
    if (moving) return chooseTarget({ place, cell });
    if (cell.state === 'booked' && cell.appointment)
      setBooking({ placeName: place.name, appointment: cell.appointment });
    if (cell.state === 'free') {
      setFreeCell({
        place,
        slot: { time: cell.time, startsAt: cell.startsAt, endsAt: cell.endsAt, available: true },
      });
      setDialog(member ? 'create' : 'choose');
    }
  };
  const closeDialog = () => {
    setDialog(null);
    setFreeCell(null);
  };

  const places = sheet.data?.categories.flatMap((category) => category.places) ?? [];
  const mobilePlace = places.find((place) => place.id === mobilePlaceId) ?? places[0];

  return (
    <div className="space-y-4">
      {/* Past the header and filters straight to the grid (hidden on phones, which list one place). */}
      <a
        href={`#${gridId}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(gridId)?.focus();
        }}
        className="sr-only rounded-lg bg-brand-700 text-sm font-semibold text-white focus:not-sr-only focus:absolute focus:z-30 focus:px-3 focus:py-2 max-md:hidden print:hidden"
      >
        {t('scheduling.daySheet.skipToGrid')}
      </a>
      <div className="print:hidden">
        <PageHeader
          title={t('scheduling.daySheet.title')}
          description={t('scheduling.daySheet.description')}
          actions={
            <>
              <span
                role="status"
                data-live={live}
                className={cn(
                  'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium',
                  liveStyles[live],
                )}
              >
                <span
                  aria-hidden
                  className={cn(
                    'size-2 rounded-full',
                    live === 'live' ? 'bg-brand-600' : 'bg-current opacity-50',
                  )}
                />
                {t(`scheduling.daySheet.live.${live}`)}
              </span>
              {canCheckIn && (
                <Button size="sm" onClick={() => setIsCheckingInByCode(true)}>
                  {t('scheduling.checkInByCode.open')}
                </Button>
              )}
              <Button variant="secondary" size="sm" onClick={() => window.print()}>
                {t('scheduling.daySheet.print')}
              </Button>
            </>
          }
        />
      </div>
      <h1 className="hidden text-lg font-bold print:block">
        {t('scheduling.daySheet.title')} · {company.name} ·{' '}
        {formatLongDay(clubInstant(date, '12:00', company.timezone), company.timezone)}
      </h1>

      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('scheduling.daySheet.previousDay')}
            onClick={() => goTo(addDaysToDate(date, -1))}
          >
            ‹
          </Button>
          <Button
            variant={date === today ? 'primary' : 'secondary'}
            size="sm"
            onClick={() => goTo(today)}
          >
            {t('scheduling.daySheet.today')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t('scheduling.daySheet.nextDay')}
            onClick={() => goTo(addDaysToDate(date, 1))}
          >
            ›
          </Button>
        </div>
        <DayField label={t('scheduling.daySheet.date')} date={date} onChange={goTo} />
        <label className="flex flex-col text-xs font-medium text-slate-600">
          {t('scheduling.daySheet.category')}
          <select
            value={categoryId ?? ''}
            onChange={(event) => update({ category: event.target.value || undefined })}
            className="mt-1 h-8 rounded-lg border border-slate-300 px-2 text-sm text-slate-900"
          >
            <option value="">{t('scheduling.daySheet.allCategories')}</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm font-medium text-slate-700 sm:ml-auto">
          {formatLongDay(clubInstant(date, '12:00', company.timezone), company.timezone)}
        </p>
      </div>

      {member && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900 print:hidden"
        >
          <span>
            {t('scheduling.daySheet.forMember', { name: member.user.name, cardId: member.cardId })}
          </span>
          <Button variant="secondary" size="sm" onClick={() => update({ para: undefined })}>
            {t('scheduling.daySheet.forMemberDone')}
          </Button>
        </div>
      )}

      <SlotLegend looks={slotLooks} />
      {canMove && !moving && (
        <p className="text-xs text-slate-600 max-md:hidden print:hidden">
          {t('scheduling.daySheet.move.hint')}
        </p>
      )}
      {moving?.cell.appointment && (
        <div
          role="status"
          data-testid="move-banner"
          className="sticky top-0 z-30 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3 rounded-lg border-2 border-dashed border-brand-600 bg-brand-50 px-3 py-2 text-sm text-brand-900 print:hidden"
        >
          <span className="min-w-0 flex-1 sm:basis-0">
            <span className="max-md:hidden">
              {t('scheduling.daySheet.move.moving', {
                name: moving.cell.appointment.associateName,
                place: moving.place.name,
                time: moving.cell.time,
              })}
            </span>
            <span className="md:hidden">
              {t('scheduling.daySheet.move.movingPhone', {
                name: moving.cell.appointment.associateName,
                place: moving.place.name,
                time: moving.cell.time,
              })}
            </span>
            {moveNote && <span className="mt-1 block font-semibold text-red-800">{moveNote}</span>}
          </span>
          <Button
            variant="secondary"
            size="sm"
            className="self-start sm:self-auto"
            onClick={cancelMove}
          >
            {t('scheduling.daySheet.move.cancel')}
          </Button>
        </div>
      )}

      {sheet.isError && (
        // A sheet already shown stays below (the last one that arrived); it refreshes by itself
        // once the server answers again.
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 print:hidden"
        >
          <span>
            {t('scheduling.daySheet.loadError')} {t('scheduling.daySheet.retryingBySelf')}
          </span>
          <Button
            variant="secondary"
            size="sm"
            isLoading={sheet.isFetching}
            onClick={() => void sheet.refetch()}
          >
            {t('common.retry')}
          </Button>
        </div>
      )}
      {sheet.isPending ? (
        <Spinner className="size-6" />
      ) : !sheet.data ? null : places.length === 0 ? (
        <p className="text-sm text-slate-600">{t('scheduling.daySheet.empty')}</p>
      ) : (
        <>
          {!sheet.data.operatingHour && (
            <p className="text-sm font-medium text-slate-700">
              {t('scheduling.daySheet.closedDay')}
            </p>
          )}
          <div className="hidden md:block print:block">
            <DaySheetGrid
              id={gridId}
              sheet={sheet.data}
              onOpenCell={openCell}
              move={
                canMove ? { source: moving, onStart: startMove, onCancel: cancelMove } : undefined
              }
            />
          </div>
          {mobilePlace && (
            <div className="space-y-3 md:hidden print:hidden">
              <label className="flex flex-col text-xs font-medium text-slate-600">
                {t('scheduling.daySheet.place')}
                <select
                  value={mobilePlace.id}
                  onChange={(event) => setMobilePlaceId(event.target.value)}
                  className="mt-1 h-10 rounded-lg border border-slate-300 px-2 text-base text-slate-900"
                >
                  {sheet.data.categories.map((category) => (
                    <optgroup key={category.id} label={category.name}>
                      {category.places.map((place) => (
                        <option key={place.id} value={place.id}>
                          {place.name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </label>
              <ul className="space-y-1.5">
                {mobilePlace.cells.map((cell) => (
                  <li key={cell.startsAt}>
                    <MobileCell
                      place={mobilePlace}
                      cell={cell}
                      isTarget={
                        moving !== null &&
                        checkMove(sheet.data, moving, { place: mobilePlace, cell }) === 'ok'
                      }
                      onOpen={() => openCell(mobilePlace, cell)}
                    />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}

      {freeCell && (
        <>
          <Dialog
            isOpen={dialog === 'choose'}
            onClose={closeDialog}
            title={t('scheduling.daySheet.freeCell.title')}
            description={t('scheduling.daySheet.freeCell.description', {
              place: freeCell.place.name,
              time: freeCell.slot.time,
            })}
            closeLabel={t('common.close')}
            footer={
              <>
                <Button variant="secondary" onClick={() => setDialog('block')}>
                  {t('scheduling.daySheet.freeCell.block')}
                </Button>
                <Button onClick={() => setDialog('create')}>
                  {t('scheduling.daySheet.freeCell.book')}
                </Button>
              </>
            }
          >
            <span className="sr-only">{freeCell.place.name}</span>
          </Dialog>
          <CreateAppointmentDialog
            isOpen={dialog === 'create'}
            onClose={closeDialog}
            slot={freeCell.slot}
            placeId={freeCell.place.id}
            placeName={freeCell.place.name}
            companyId={company.id}
            timezone={company.timezone}
            member={member}
            onCreated={() => update({ para: undefined })}
          />
          <BlockSlotDialog
            isOpen={dialog === 'block'}
            onClose={closeDialog}
            slot={freeCell.slot}
            placeId={freeCell.place.id}
            placeName={freeCell.place.name}
            companyId={company.id}
            timezone={company.timezone}
            ends={endsFrom(freeCell.place, freeCell.slot.startsAt)}
          />
        </>
      )}
      <DaySheetBookingDialog
        booking={booking}
        companyId={company.id}
        timezone={company.timezone}
        noShowToleranceMinutes={company.noShowToleranceMinutes}
        onClose={() => setBooking(null)}
        onMove={
          canMove
            ? (appointment) => {
                const source = places
                  .flatMap((place) => place.cells.map((cell) => ({ place, cell })))
                  .find(({ cell }) => cell.appointment?.id === appointment.id);
                setBooking(null);
                if (source) startMove(source);
              }
            : undefined
        }
      />
      <Dialog
        isOpen={moveTarget !== null}
        onClose={() => {
          setMoveTarget(null);
          moveBooking.reset();
        }}
        title={t('scheduling.daySheet.move.confirmTitle')}
        closeLabel={t('scheduling.daySheet.move.back')}
        footer={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setMoveTarget(null);
                moveBooking.reset();
              }}
              disabled={moveBooking.isPending}
            >
              {t('scheduling.daySheet.move.back')}
            </Button>
            <Button onClick={() => void confirmMove()} isLoading={moveBooking.isPending}>
              {t('scheduling.daySheet.move.confirmButton')}
            </Button>
          </>
        }
      >
        {moving?.cell.appointment && moveTarget && (
          <div className="space-y-3 text-sm text-slate-700">
            <p className="font-medium text-slate-900">
              {t('scheduling.daySheet.move.confirm', {
                name: moving.cell.appointment.associateName,
                place: moveTarget.place.name,
                time: moveTarget.cell.time,
              })}
            </p>
            <p>{t('scheduling.daySheet.move.confirmNote')}</p>
            {failuresOfRefusal(moveBooking.error).length > 0 && (
              <BookingFailureList
                failures={failuresOfRefusal(moveBooking.error)}
                title={t('scheduling.daySheet.move.refusedTitle')}
                realm="backoffice"
              />
            )}
          </div>
        )}
      </Dialog>
      {isCheckingInByCode && (
        <CheckInByCodeDialog
          companyId={company.id}
          timezone={company.timezone}
          onClose={() => setIsCheckingInByCode(false)}
        />
      )}
    </div>
  );
}

/** The ends of the place's times from the one starting at `startsAt` on, while they follow without a gap. */
export function endsFrom(place: DaySheetPlace, startsAt: string): string[] {
  const first = place.cells.findIndex((cell) => cell.startsAt === startsAt);
  if (first < 0) return [];
  const ends: string[] = [];
  for (const cell of place.cells.slice(first)) {
    const previous = ends[ends.length - 1];
    if (previous !== undefined && Date.parse(previous) !== Date.parse(cell.startsAt)) break;
    ends.push(cell.endsAt);
  }
  return ends;
}

function MobileCell({
  place,
  cell,
  onOpen,
  isTarget = false,
}: {
  place: DaySheetPlace;
  cell: DaySheetCell;
  onOpen: () => void;
  /** A booking is being moved and may go here: outlined, not by colour alone. */
  isTarget?: boolean;
}) {
  const { t } = useTranslation();
  const clickable = cell.state === 'free' || cell.state === 'booked';
  const content = (
    <>
      <span className="w-12 shrink-0 font-semibold tabular-nums">{cell.time}</span>
      <span className="min-w-0 flex-1">
        {/*
          A phone row has room for the words of the cell's name after its time (the state, who,
          the card), in the name's order: the leading spaces keep them words when read as one.
        */}
        {cell.state === 'free' ? (
          <span className="block">{` ${t('scheduling.daySheet.states.free')}`}</span>
        ) : cell.state === 'booked' && cell.appointment ? (
          <>
            <span className="flex items-center gap-1 font-semibold">
              <AttendanceMark look={lookOfCell(cell)} />
              <span className="truncate">
                {` ${t(`scheduling.status.${cell.appointment.status}`)} — ${cell.appointment.associateName}`}
              </span>
              {cell.appointment.exceptionReason && (
                <ExceptionMark variant="compact" reason={cell.appointment.exceptionReason} />
              )}
            </span>
            <span className="block opacity-80">{` ${cell.appointment.cardId}`}</span>
          </>
        ) : (
          <CellText cell={cell} />
        )}
      </span>
    </>
  );
  const className = cn(
    'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm ring-1 ring-inset',
    cellStyleOf(cell, { isClickable: clickable }),
    isTarget && 'outline-2 outline-dashed outline-brand-600 -outline-offset-2',
  );
  return clickable ? (
    <button
      type="button"
      data-state={cell.state}
      className={className}
      aria-label={cellLabel(t, place, cell)}
      onClick={onOpen}
    >
      {content}
    </button>
  ) : (
    <div data-state={cell.state} className={className}>
      {content}
    </div>
  );
}
