import type {
  BlockConflict,
  BlockResolution,
  BlockResolutionAction,
  CreatedBlocks,
  ErrorKey,
} from '@clube/shared';
import type { BlockPreviewBody } from '@clube/shared';
import { useState } from 'react';
import { errorKeyOf } from '@/lib/errors';
import { previewBlock } from '@/lib/api/preview-block';

const blockSource: ImpactSource<BlockPreviewBody> = {
  preview: previewBlock,
  conflictCode: 'BlockConflictsWithAppointments',
};

/** The choice made for one booking; `placeId` only for a move. */
export type ImpactChoice = { action: BlockResolutionAction; placeId?: string };
export type ImpactChoices = Record<string, ImpactChoice>;

/** The resolutions to send, or null while a booking has no choice or a move no place. */
export function resolutionsOf(
  conflicts: BlockConflict[],
  choices: ImpactChoices,
): BlockResolution[] | null {
  const resolutions: BlockResolution[] = [];
  for (const conflict of conflicts) {
    const choice = choices[conflict.id];
    if (!choice || (choice.action === 'move' && !choice.placeId)) return null;
    resolutions.push({ appointmentId: conflict.id, ...choice });
  }
  return resolutions;
}

/** What a save over bookings did: each booking kept, cancelled or moved (a block, a special day). */
export type ImpactResult = Pick<CreatedBlocks, 'kept' | 'cancelled' | 'moved'>;

export type ImpactStep<Result extends ImpactResult = CreatedBlocks> =
  | { kind: 'form' }
  | { kind: 'choices'; conflicts: BlockConflict[]; changed: boolean }
  | { kind: 'summary'; result: Result };

/**
 * What the flow saves other than a block: its preview (the bookings it would hit) and the error
 * code the save answers when bookings changed meanwhile.
 */
export type ImpactSource<Body> = {
  preview: (body: Body) => Promise<BlockConflict[]>;
  conflictCode: ErrorKey;
};

/**
 * The steps of a block dialog: the form; then, when the block would hit bookings, the choice for
 * each (keep, cancel, move); then what was kept, cancelled and moved. `create` sends the block
 * with the resolutions; when bookings changed meanwhile (409), they are read again. `source`
 * makes it the flow of something else saved over bookings (a special day).
 */
export function useBlockImpactFlow<Body, Result extends ImpactResult = CreatedBlocks>(
  create: (body: Body, resolutions: BlockResolution[]) => Promise<Result>,
  onCreated: (result: Result) => void,
  source: ImpactSource<Body> = blockSource as unknown as ImpactSource<Body>,
) {
  const { preview, conflictCode } = source;
  const [step, setStep] = useState<ImpactStep<Result>>({ kind: 'form' });
  const [body, setBody] = useState<Body | null>(null);
  const [choices, setChoices] = useState<ImpactChoices>({});
  const [showIncomplete, setShowIncomplete] = useState(false);
  const [isBusy, setIsBusy] = useState(false);

  const run = async (next: Body, resolutions: BlockResolution[]) => {
    try {
      const result = await create(next, resolutions);
      onCreated(result);
      const touched = result.kept.length + result.cancelled.length + result.moved.length;
      setStep(touched > 0 ? { kind: 'summary', result } : { kind: 'form' });
      return touched > 0 ? 'summary' : 'done';
    } catch (error) {
      if (errorKeyOf(error) !== conflictCode) throw error;
      const conflicts = await preview(next);
      setChoices({});
      setShowIncomplete(false);
      setStep({ kind: 'choices', conflicts, changed: true });
      return 'choices';
    }
  };

  return {
    step,
    choices,
    showIncomplete,
    isBusy,
    setChoice: (id: string, choice: ImpactChoice) =>
      setChoices((current) => ({ ...current, [id]: choice })),
    /** Checks the block (or the special day) first: straight to creation when it hits nothing. */
    async submit(next: Body): Promise<'done' | 'choices' | 'summary'> {
      setIsBusy(true);
      try {
        setBody(next);
        const conflicts = await preview(next);
        if (conflicts.length > 0) {
          setChoices({});
          setShowIncomplete(false);
          setStep({ kind: 'choices', conflicts, changed: false });
          return 'choices';
        }
        return await run(next, []);
      } finally {
        setIsBusy(false);
      }
    },
    async confirm(): Promise<'done' | 'choices' | 'summary' | 'incomplete'> {
      if (step.kind !== 'choices' || !body) return 'incomplete';
      const resolutions = resolutionsOf(step.conflicts, choices);
      if (!resolutions) {
        setShowIncomplete(true);
        return 'incomplete';
      }
      setIsBusy(true);
      try {
        return await run(body, resolutions);
      } finally {
        setIsBusy(false);
      }
    },
    reset() {
      setStep({ kind: 'form' });
      setBody(null);
      setChoices({});
      setShowIncomplete(false);
    },
  };
}
