import {
  clubInstant,
  clubToday,
  isCalendarDate,
  type DaySheetAppointment,
  type DaySheetCell,
  type DaySheetPlace,
} from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PermissionNote } from '@/components/permission-note';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useAssociate } from '@/lib/api/get-associate';
import { useCategories } from '@/lib/api/get-categories';
import { isWellFormedId } from '@/lib/record-id';
import { useCurrentCompany } from '@/lib/current-company';
import { useCan } from '@/lib/permissions';
import { formatLongDay } from '@/lib/dates';
import { useDaySheet } from '../api/get-day-sheet';
import { useClubEvents } from '../api/use-club-events';
import { CheckInByCodeDialog } from '../components/check-in-by-code-dialog';
import {
  FreeCellDialogs,
  type FreeCell,
  type FreeCellDialog,
} from '../components/day-sheet-free-cell';
import { DaySheetBookingDialog } from '../components/day-sheet-booking-dialog';
import { DaySheetGrid } from '../components/day-sheet-grid';
import { MoveBanner, MoveConfirmDialog, useSheetMove } from '../components/day-sheet-move-dialogs';
import { DaySheetPhoneList } from '../components/day-sheet-phone-list';
import { DaySheetToolbar, LiveBadge } from '../components/day-sheet-toolbar';
import { SlotLegend } from '../components/slot-legend';
import { slotLooks } from '../components/slot-look';

const gridId = 'quadro-do-dia';

/**
 * The front desk's day sheet: the club's whole day on one screen, kept current by the club's
 * live events. The date and the category live in the URL, so a printed or shared link shows the
 * same sheet. A role that may not book nor block sees the sheet and each booking, and a line
 * saying why its cells open nothing more.
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
  const [dialog, setDialog] = useState<FreeCellDialog | null>(null);
  const [booking, setBooking] = useState<{
    placeName: string;
    appointment: DaySheetAppointment;
    slot: { placeId: string; date: string };
  } | null>(null);
  const [mobilePlaceId, setMobilePlaceId] = useState<string | null>(null);
  const canBook = useCan('bookings.write');
  const canBlock = useCan('blocks.write');
  const canMove = canBook;
  const move = useSheetMove(company.id, sheet.data);
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
    if (move.moving) return move.choose({ place, cell });
    if (cell.state === 'booked' && cell.appointment)
      setBooking({
        placeName: place.name,
        appointment: cell.appointment,
        slot: { placeId: place.id, date },
      });
    if (cell.state === 'free' && (canBook || canBlock)) {
      setFreeCell({
        place,
        slot: {
          time: cell.time,
          startsAt: cell.startsAt,
          endsAt: cell.endsAt,
          available: true,
          ...(cell.waitlistCount ? { waitlistCount: cell.waitlistCount } : {}),
        },
      });
      // Straight to the one action there is to take: a member chosen, or a role that only blocks.
      // A freed slot with a line opens the choice, which shows the line.
      const hasLine = canBook && Boolean(cell.waitlistCount);
      setDialog(
        canBook && !hasLine && (member || !canBlock) ? 'create' : canBook ? 'choose' : 'block',
      );
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
              <LiveBadge live={live} />
              {canBook && (
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

      <DaySheetToolbar
        date={date}
        today={today}
        timezone={company.timezone}
        categoryId={categoryId}
        categories={categories.data}
        specialDay={sheet.data?.specialDay}
        onDateChange={goTo}
        onCategoryChange={(category) => update({ category })}
      />

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

      <div className="print:hidden">
        <PermissionNote permission="bookings.write" />
      </div>
      <SlotLegend looks={slotLooks} />
      {canMove && !move.moving && (
        <p className="text-xs text-slate-600 max-md:hidden print:hidden">
          {t('scheduling.daySheet.move.hint')}
        </p>
      )}
      <MoveBanner move={move} />

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
              canOpenFree={canBook || canBlock}
              move={
                canMove
                  ? { source: move.moving, onStart: move.start, onCancel: move.cancel }
                  : undefined
              }
            />
          </div>
          {mobilePlace && (
            <DaySheetPhoneList
              sheet={sheet.data}
              place={mobilePlace}
              onPlaceChange={setMobilePlaceId}
              moving={move.moving}
              canOpenFree={canBook || canBlock}
              onOpenCell={openCell}
            />
          )}
        </>
      )}

      {freeCell && (
        <FreeCellDialogs
          freeCell={freeCell}
          date={date}
          dialog={dialog}
          onDialogChange={setDialog}
          onClose={closeDialog}
          company={company}
          member={member}
          canBook={canBook}
          canBlock={canBlock}
          onBooked={() => update({ para: undefined })}
        />
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
                if (source) move.start(source);
              }
            : undefined
        }
      />
      <MoveConfirmDialog move={move} />
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
