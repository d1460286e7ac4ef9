import type { BlockPreviewBody } from '@clube/shared';
import { BlockImpactChoices } from './choices';
import { type useBlockImpactFlow } from './flow';
import { BlockImpactSummary } from './summary';

export { BlockImpactChoices } from './choices';
export { resolutionsOf, useBlockImpactFlow, type ImpactChoice, type ImpactChoices } from './flow';
export { BlockImpactSummary } from './summary';

/**
 * The dialog's body once the block hit bookings: the choice for each one, or what was done. Both
 * block dialogs show it in place of their form.
 */
export function BlockImpactStep({
  flow,
  timezone,
}: {
  flow: ReturnType<typeof useBlockImpactFlow<BlockPreviewBody>>;
  timezone: string;
}) {
  const { step } = flow;
  if (step.kind === 'summary')
    return <BlockImpactSummary result={step.result} timezone={timezone} />;
  if (step.kind !== 'choices') return null;
  return (
    <BlockImpactChoices
      conflicts={step.conflicts}
      choices={flow.choices}
      onChange={flow.setChoice}
      timezone={timezone}
      changed={step.changed}
      showIncomplete={flow.showIncomplete}
    />
  );
}
