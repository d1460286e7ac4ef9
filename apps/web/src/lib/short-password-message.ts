import { limits } from '@clube/shared';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { i18n } from './i18n';

/**
 * Gives a too-short password the same sentence on every form (login, own password, an
 * associate's password). The shared schemas word it for the API, each its own way; the staff
 * reading the forms should meet one rule in one wording, so the forms' resolvers pass through here.
 */
export function withShortPasswordMessage<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
  fields: readonly (keyof Values & string)[],
): Resolver<Values, Context, Output> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const field of fields) {
      const value: unknown = values[field];
      const error = (result.errors as Record<string, FieldError | undefined>)[field];
      const isShort =
        typeof value === 'string' && value.length > 0 && value.length < limits.passwordMinLength;
      if (error && isShort) {
        error.message = i18n.t('common.passwordTooShort', { min: limits.passwordMinLength });
      }
    }
    return result;
  };
}
