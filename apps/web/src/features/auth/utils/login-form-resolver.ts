import { loginFormSchema } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { withShortPasswordMessage } from '@/lib/short-password-message';

/** The login form's checks. Loaded apart from the page: zod is not needed to paint the form. */
export const loginFormResolver = withShortPasswordMessage(zodResolver(loginFormSchema), [
  'password',
]);
