import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BookingFailureList, failuresOfRefusal } from '@/components/booking-failure-list';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { memberSearchMinLength, useAssociateSearch } from '../api/search-associates';
import { useJoinForMember, type SheetSlot } from '../api/waitlists';

/**
 * Puts a member in a taken slot's line for them: a search of the club's members, then one
 * button per match. A refusal lists the rules the booking would fail, like a refused booking.
 */
export function WaitlistJoinForm({
  companyId,
  slot,
  onJoined,
}: {
  companyId: string;
  slot: SheetSlot;
  onJoined: () => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300);
  const search = useAssociateSearch(companyId, term);
  const join = useJoinForMember(companyId);
  const matches = term.length >= memberSearchMinLength ? (search.data ?? []) : [];
  const failures = join.isError ? failuresOfRefusal(join.error) : [];

  const joinFor = async (associateId: string, name: string) => {
    try {
      const entry = await join.mutateAsync({
        placeId: slot.placeId,
        startsAt: slot.startsAt,
        associateId,
      });
      toast.success(t('scheduling.waitlist.joined', { name, position: entry.position }));
      setText('');
      onJoined();
    } catch (error) {
      if (failuresOfRefusal(error).length === 0)
        toast.error(errorMessageOf(error, t('scheduling.waitlist.joinError')));
    }
  };

  return (
    <div className="mt-3 space-y-2">
      <Input
        id={fieldId}
        label={t('scheduling.waitlist.joinLabel')}
        hint={t('scheduling.waitlist.joinHint')}
        value={text}
        autoComplete="off"
        onChange={(event) => {
          join.reset();
          setText(event.target.value);
        }}
      />
      {matches.length > 0 && (
        <ul className="space-y-1">
          {matches.map((member) => (
            <li key={member.id}>
              <Button
                variant="secondary"
                className="w-full justify-start"
                isLoading={join.isPending && join.variables?.associateId === member.id}
                onClick={() => void joinFor(member.id, member.user.name)}
              >
                {t('scheduling.waitlist.joinFor', { name: member.user.name })}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {failures.length > 0 && (
        <BookingFailureList
          failures={failures}
          title={t('scheduling.waitlist.refused')}
          realm="backoffice"
        />
      )}
    </div>
  );
}
