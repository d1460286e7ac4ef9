import type { BlockConflict, BlockResolutionAction } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import { formatDate, formatTime } from '@/lib/dates';
import { resolutionsOf, type ImpactChoice, type ImpactChoices } from './flow';

type BlockImpactChoicesProps = {
  conflicts: BlockConflict[];
  choices: ImpactChoices;
  onChange: (id: string, choice: ImpactChoice) => void;
  timezone: string;
  changed: boolean;
  showIncomplete: boolean;
  /** Its title and first line when what is saved is not a block (a special day). */
  heading?: { title: string; lead: string };
};

const actionOrder: BlockResolutionAction[] = ['keep', 'cancel', 'move'];

/** A booking may take an action it allows; a move needs a free place. */
function canTake(conflict: BlockConflict, action: BlockResolutionAction) {
  return conflict.actions.includes(action) && (action !== 'move' || conflict.freePlaces.length > 0);
}

/** The choice an action makes: a move to the only free place goes there at once. */
function choiceOf(conflict: BlockConflict, action: BlockResolutionAction): ImpactChoice {
  return action === 'move' && conflict.freePlaces.length === 1
    ? { action, placeId: conflict.freePlaces[0]!.id }
    : { action };
}

/** Each booking the block would hit, with keep, cancel or move (to a free place) to choose. */
export function BlockImpactChoices({
  conflicts,
  choices,
  onChange,
  timezone,
  changed,
  showIncomplete,
  heading,
}: BlockImpactChoicesProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="block-impact-title" className="space-y-3">
      <div>
        <h3 id="block-impact-title" className="font-semibold text-slate-900">
          {heading?.title ?? t('blockedTimes.impact.title')}
        </h3>
        <p className="text-sm text-slate-600">{heading?.lead ?? t('blockedTimes.impact.intro')}</p>
      </div>
      {changed && <Alert tone="error">{t('blockedTimes.impact.changed')}</Alert>}
      {conflicts.length > 1 && (
        <div
          role="group"
          aria-labelledby="block-impact-all"
          className="flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-2"
        >
          <span id="block-impact-all" className="text-sm font-medium text-slate-800">
            {t('blockedTimes.impact.applyToAll')}
          </span>
          {actionOrder.map((action) => {
            const applicable = conflicts.filter((conflict) => canTake(conflict, action));
            return (
              <button
                key={action}
                type="button"
                disabled={applicable.length === 0}
                onClick={() =>
                  applicable.forEach((conflict) =>
                    onChange(conflict.id, choiceOf(conflict, action)),
                  )
                }
                className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-50"
              >
                {t(`blockedTimes.impact.allOf.${action}`)}
              </button>
            );
          })}
        </div>
      )}
      <ul className="space-y-3">
        {conflicts.map((conflict) => {
          const choice = choices[conflict.id];
          const name = conflict.associate.name;
          const missing =
            showIncomplete && (!choice || (choice.action === 'move' && !choice.placeId));
          return (
            <li
              key={conflict.id}
              className={cn(
                'rounded-lg border p-3',
                missing ? 'border-red-300 bg-red-50' : 'border-slate-200',
              )}
            >
              <p className="font-medium text-slate-900">
                {t('blockedTimes.impact.who', { name, card: conflict.associate.cardId })}
              </p>
              <p className="text-sm text-slate-700">
                {t('blockedTimes.impact.where', {
                  place: conflict.placeName,
                  date: formatDate(conflict.startsAt, timezone),
                  start: formatTime(conflict.startsAt, timezone),
                  end: formatTime(conflict.endsAt, timezone),
                })}
              </p>
              {conflict.status !== 'SCHEDULED' && (
                <p className="text-xs text-slate-600">
                  {t(`blockedTimes.impact.status.${conflict.status}`)} ·{' '}
                  {t('blockedTimes.impact.onlyKeep')}
                </p>
              )}
              <fieldset className="mt-2">
                <legend className="sr-only">{t('blockedTimes.impact.choice', { name })}</legend>
                <div className="grid grid-cols-3 gap-2 sm:flex sm:flex-wrap">
                  {actionOrder
                    .filter((action) => conflict.actions.includes(action))
                    .map((action) => {
                      const disabled = !canTake(conflict, action);
                      return (
                        <label
                          key={action}
                          className={cn(
                            'flex items-center justify-center gap-2 rounded-lg border px-2 py-1.5 text-sm sm:px-3',
                            choice?.action === action
                              ? 'border-brand-700 bg-brand-50 font-medium text-brand-900'
                              : 'border-slate-300 text-slate-800',
                            disabled && 'opacity-50',
                          )}
                        >
                          <input
                            type="radio"
                            name={`impact-${conflict.id}`}
                            value={action}
                            checked={choice?.action === action}
                            disabled={disabled}
                            onChange={() => onChange(conflict.id, choiceOf(conflict, action))}
                            className="size-4"
                          />
                          {t(`blockedTimes.impact.${action}`)}
                        </label>
                      );
                    })}
                </div>
                {choice?.action === 'keep' && (
                  <p className="mt-1 text-xs text-slate-600">{t('blockedTimes.impact.keepHint')}</p>
                )}
                {choice?.action === 'cancel' && (
                  <p className="mt-1 text-xs text-slate-600">
                    {t('blockedTimes.impact.cancelHint')}
                  </p>
                )}
                {conflict.actions.includes('move') && conflict.freePlaces.length === 0 && (
                  <p className="mt-1 text-xs text-slate-600">
                    {t('blockedTimes.impact.noFreePlace')}
                  </p>
                )}
                {choice?.action === 'move' && (
                  <label className="mt-2 block text-sm">
                    <span className="mb-1 block font-medium text-slate-800">
                      {t('blockedTimes.impact.moveTo')}
                    </span>
                    <select
                      value={choice.placeId ?? ''}
                      onChange={(event) =>
                        onChange(conflict.id, {
                          action: 'move',
                          placeId: event.target.value || undefined,
                        })
                      }
                      className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
                    >
                      <option value="">{t('blockedTimes.impact.moveToPlaceholder')}</option>
                      {conflict.freePlaces.map((place) => (
                        <option key={place.id} value={place.id}>
                          {place.name}
                        </option>
                      ))}
                    </select>
                  </label>
                )}
              </fieldset>
            </li>
          );
        })}
      </ul>
      {showIncomplete && resolutionsOf(conflicts, choices) === null && (
        <Alert tone="error">{t('blockedTimes.impact.incomplete')}</Alert>
      )}
    </section>
  );
}
