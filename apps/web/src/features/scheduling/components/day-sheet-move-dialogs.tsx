import type { DaySheet } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { errorMessageOf } from '@/lib/errors';
import { useMoveAppointment } from '../api/move-appointment';
import { checkMove, type SheetCell } from './booking-move';

/**
 * Moving a booking on the day sheet: the one picked up, the cell chosen for it (asked to
 * confirm), and why the last cell chosen cannot take it.
 */
export function useSheetMove(companyId: string, sheet: DaySheet | undefined) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState<SheetCell | null>(null);
  const [target, setTarget] = useState<SheetCell | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const moveBooking = useMoveAppointment(companyId);
  const start = (source: SheetCell) => {
    setMoving(source);
    setTarget(null);
    setNote(null);
    moveBooking.reset();
  };
  const cancel = () => {
    setMoving(null);
    setTarget(null);
    setNote(null);
  };
  const choose = (next: SheetCell) => {
    if (!moving || !sheet) return;
    const check = checkMove(sheet, moving, next);
    if (check === 'same') return cancel();
    if (check !== 'ok') {
      const category = sheet.categories.find((group) =>
        group.places.some((place) => place.id === moving.place.id),
      );
      setNote(
        t(`scheduling.daySheet.move.refused.${check}`, {
          category: category?.name ?? '',
          minutes: (Date.parse(moving.cell.endsAt) - Date.parse(moving.cell.startsAt)) / 60_000,
        }),
      );
      return;
    }
    setNote(null);
    moveBooking.reset();
    setTarget(next);
  };
  const back = () => {
    setTarget(null);
    moveBooking.reset();
  };
  const confirm = async () => {
    if (!moving?.cell.appointment || !target) return;
    try {
      await moveBooking.mutateAsync({
        id: moving.cell.appointment.id,
        placeId: target.place.id,
        startsAt: target.cell.startsAt,
      });
      toast.success(
        t('scheduling.daySheet.move.moved', { place: target.place.name, time: target.cell.time }),
      );
      cancel();
    } catch (error) {
      // The refusal stays in the dialog; a failure with no rule list also says so in a toast.
      if (failuresOfRefusal(error).length === 0)
        toast.error(errorMessageOf(error, t('scheduling.daySheet.move.error')));
    }
  };
  return {
    moving,
    target,
    note,
    start,
    cancel,
    choose,
    back,
    confirm,
    isPending: moveBooking.isPending,
    refusal: failuresOfRefusal(moveBooking.error),
  };
}

export type SheetMove = ReturnType<typeof useSheetMove>;

/** The banner while a booking is picked up: who moves, from where, and why a cell refused it. */
export function MoveBanner({ move }: { move: SheetMove }) {
  const { t } = useTranslation();
  const appointment = move.moving?.cell.appointment;
  if (!move.moving || !appointment) return null;
  const values = {
    name: appointment.associateName,
    place: move.moving.place.name,
    time: move.moving.cell.time,
  };
  return (
    <div
      role="status"
      data-testid="move-banner"
      className="sticky top-0 z-30 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-3 rounded-lg border-2 border-dashed border-brand-600 bg-brand-50 px-3 py-2 text-sm text-brand-900 print:hidden"
    >
      <span className="min-w-0 flex-1 sm:basis-0">
        <span className="max-md:hidden">{t('scheduling.daySheet.move.moving', values)}</span>
        <span className="md:hidden">{t('scheduling.daySheet.move.movingPhone', values)}</span>
        {move.note && <span className="mt-1 block font-semibold text-red-800">{move.note}</span>}
      </span>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        onClick={move.cancel}
      >
        {t('scheduling.daySheet.move.cancel')}
      </Button>
    </div>
  );
}

/** Asks to confirm the move to the chosen cell, and lists the rules the server refused it by. */
export function MoveConfirmDialog({ move }: { move: SheetMove }) {
  const { t } = useTranslation();
  const appointment = move.moving?.cell.appointment;
  return (
    <Dialog
      isOpen={move.target !== null}
      onClose={move.back}
      title={t('scheduling.daySheet.move.confirmTitle')}
      closeLabel={t('scheduling.daySheet.move.back')}
      footer={
        <>
          <Button variant="secondary" onClick={move.back} disabled={move.isPending}>
            {t('scheduling.daySheet.move.back')}
          </Button>
          <Button onClick={() => void move.confirm()} isLoading={move.isPending}>
            {t('scheduling.daySheet.move.confirmButton')}
          </Button>
        </>
      }
    >
      {appointment && move.target && (
        <div className="space-y-3 text-sm text-slate-700">
          <p className="font-medium text-slate-900">
            {t('scheduling.daySheet.move.confirm', {
              name: appointment.associateName,
              place: move.target.place.name,
              time: move.target.cell.time,
            })}
          </p>
          <p>{t('scheduling.daySheet.move.confirmNote')}</p>
          {move.refusal.length > 0 && (
            <BookingFailureList
              failures={move.refusal}
              title={t('scheduling.daySheet.move.refusedTitle')}
              realm="backoffice"
            />
          )}
        </div>
      )}
    </Dialog>
  );
}
