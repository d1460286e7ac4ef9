import type { AssociateListItem, DaySheetPlace, TimeSlot } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { BlockSlotDialog } from './block-slot-dialog';
import { CreateAppointmentDialog } from './create-appointment-dialog';
import { SlotWaitlist } from './slot-waitlist';

export type FreeCell = { place: DaySheetPlace; slot: TimeSlot & { waitlistCount?: number } };
export type FreeCellDialog = 'choose' | 'create' | 'block';

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

/**
 * What a free cell of the day sheet opens: the choice between booking and blocking it (only the
 * actions the role may take), then the booking or the block.
 */
export function FreeCellDialogs({
  freeCell,
  date,
  dialog,
  onDialogChange,
  onClose,
  company,
  member,
  canBook,
  canBlock,
  onBooked,
}: {
  freeCell: FreeCell;
  /** The sheet's date (the slot's line is read with the day's). */
  date: string;
  dialog: FreeCellDialog | null;
  onDialogChange: (dialog: FreeCellDialog) => void;
  onClose: () => void;
  company: { id: string; timezone: string };
  /** The member the sheet books for, opened from their page. */
  member: AssociateListItem | null;
  canBook: boolean;
  canBlock: boolean;
  onBooked: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Dialog
        isOpen={dialog === 'choose'}
        onClose={onClose}
        title={t('scheduling.daySheet.freeCell.title')}
        description={t('scheduling.daySheet.freeCell.description', {
          place: freeCell.place.name,
          time: freeCell.slot.time,
        })}
        closeLabel={t('common.close')}
        footer={
          <>
            {canBlock && (
              <Button variant="secondary" onClick={() => onDialogChange('block')}>
                {t('scheduling.daySheet.freeCell.block')}
              </Button>
            )}
            {canBook && (
              <Button onClick={() => onDialogChange('create')}>
                {t('scheduling.daySheet.freeCell.book')}
              </Button>
            )}
          </>
        }
      >
        <span className="sr-only">{freeCell.place.name}</span>
        {freeCell.slot.waitlistCount ? (
          <SlotWaitlist
            companyId={company.id}
            timezone={company.timezone}
            slot={{ placeId: freeCell.place.id, startsAt: freeCell.slot.startsAt, date }}
            isFree
            onBooked={() => {
              onClose();
              onBooked();
            }}
          />
        ) : null}
      </Dialog>
      {canBook && (
        <CreateAppointmentDialog
          isOpen={dialog === 'create'}
          onClose={onClose}
          slot={freeCell.slot}
          placeId={freeCell.place.id}
          placeName={freeCell.place.name}
          companyId={company.id}
          timezone={company.timezone}
          member={member}
          onCreated={onBooked}
        />
      )}
      {canBlock && (
        <BlockSlotDialog
          isOpen={dialog === 'block'}
          onClose={onClose}
          slot={freeCell.slot}
          placeId={freeCell.place.id}
          placeName={freeCell.place.name}
          companyId={company.id}
          timezone={company.timezone}
          ends={endsFrom(freeCell.place, freeCell.slot.startsAt)}
        />
      )}
    </>
  );
}
