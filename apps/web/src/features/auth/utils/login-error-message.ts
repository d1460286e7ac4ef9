import { isApiError } from '@/lib/api-client';
import { errorKeyOf } from '@/lib/errors';

export type LoginErrorMessageKey =
  | 'auth.toasts.invalidEmail'
  | 'auth.toasts.invalidCredentials'
  | 'auth.toasts.technicalProblems'
  | 'errors.TooManyRequests';

/** The login toasts (docs/domain.md), chosen from the error wrapper's message. */
export function loginErrorMessageKey(error: unknown): LoginErrorMessageKey {
  const message = isApiError(error) ? error.message : '';
  if (message.includes('email must be an email')) return 'auth.toasts.invalidEmail';
  if (message === 'Not found' || message === 'Invalid user or password') {
    return 'auth.toasts.invalidCredentials';
  }
  // A cpf with wrong check digits is rejected by validation: to the user it is a wrong login.
  if (errorKeyOf(error) === 'ValidationError') return 'auth.toasts.invalidCredentials';
  if (errorKeyOf(error) === 'TooManyRequests') return 'errors.TooManyRequests';
  return 'auth.toasts.technicalProblems';
}
