import { BlockImpactChoices } from './choices';
import type { ImpactChoice, ImpactChoices, ImpactResult, ImpactStep } from './flow';
import { BlockImpactSummary } from './summary';

export { BlockImpactChoices } from './choices';
export { BlockImpactFooter } from './footer';
export {
  resolutionsOf,
  useBlockImpactFlow,
  type ImpactChoice,
  type ImpactChoices,
  type ImpactResult,
  type ImpactSource,
} from './flow';
export { BlockImpactSummary } from './summary';

/**
 * The dialog's body once the block (or special day) hit bookings: the choice for each one, or
 * what was done. The block dialogs and the special day's show it in place of their form.
 */
export function BlockImpactStep<Result extends ImpactResult & { items?: unknown[] }>({
  flow,
  timezone,
  heading,
  choicesHeading,
}: {
  flow: {
    step: ImpactStep<Result>;
    choices: ImpactChoices;
    setChoice: (id: string, choice: ImpactChoice) => void;
    showIncomplete: boolean;
  };
  timezone: string;
  /** The summary's title and first line when what was saved is not a block. */
  heading?: { title: string; lead: string };
  /** The choices' title and first line when what is saved is not a block. */
  choicesHeading?: { title: string; lead: string };
}) {
  const { step } = flow;
  if (step.kind === 'summary')
    return <BlockImpactSummary result={step.result} timezone={timezone} heading={heading} />;
  if (step.kind !== 'choices') return null;
  return (
    <BlockImpactChoices
      conflicts={step.conflicts}
      choices={flow.choices}
      onChange={flow.setChoice}
      timezone={timezone}
      changed={step.changed}
      showIncomplete={flow.showIncomplete}
      heading={choicesHeading}
    />
  );
}
