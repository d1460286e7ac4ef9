import { errorTexts } from '@clube/shared';

/**
 * The `errors` section is the shared error table's texts, key for key (packages/shared
 * `errorDefinitions`): the API answers the same sentence and nobody translates a code twice. Add
 * or change a failure's text there, never here.
 */
export const errors = errorTexts;
