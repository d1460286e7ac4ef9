import { loginFormSchema } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';

/** The login form's checks. Loaded apart from the page: zod is not needed to paint the form. */
export const loginFormResolver = zodResolver(loginFormSchema);
