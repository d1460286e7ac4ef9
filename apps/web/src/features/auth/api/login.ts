import { stripCpf, type LoginForm, type Session } from '@clube/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { parseSession } from '@/lib/stored-shapes';

/**
 * POST /auth/login. The cpf goes out as digits only (docs/domain.md, Back-office screens);
 * `invitation` (a club's link token or one-time password) accepts that club's invitation too.
 */
export async function login(credentials: LoginForm & { invitation?: string }): Promise<Session> {
  const { invitation } = credentials;
  const data = await api.post(
    '/auth/login',
    {
      cpf: stripCpf(credentials.cpf),
      password: credentials.password,
      ...(invitation ? { invitation } : {}),
    },
    { authenticated: false },
  );
  const session = parseSession(data);
  if (!session) throw new Error('The login answered something that is not a session');
  return session;
}

export function useLogin(options: { onSuccess?: (session: Session) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      setSession(session);
      options.onSuccess?.(session);
    },
  });
}
