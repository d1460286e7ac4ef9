import type { FormatterModule } from 'i18next';
import { formatCount } from '../format-count';

/**
 * The i18next formatter of both apps (with `interpolation.alwaysFormat`): every number a text
 * interpolates is written with formatCount ("2.000 novos"), so no page formats counts its own
 * way. A number that is not a count (a year) is passed as a string.
 */
export const countFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  // Anything else goes back untouched (a missing value stays missing for i18next to handle).
  format: (value: unknown) => (typeof value === 'number' ? formatCount(value) : (value as string)),
  add() {},
  addCached() {},
};
