import { errorCodeOf, errorDefinitions, type ErrorKey } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessageOf } from './error-messages';

const apiError = (status: number, error: string) =>
  new ApiError(status, error, { statusCode: status, error, message: 'server text' });

describe('error code table', () => {
  it('translates a known code', () => {
    expect(errorMessageOf(apiError(422, 'ReservationsLimitReached'), 'Erro ao criar')).toBe(
      'O limite de reservas deste título no mês foi atingido.',
    );
  });

  it('matches codes that differ from their key', () => {
    expect(errorMessageOf(apiError(401, 'Invalid user or password'), 'x')).toBe(
      'Credenciais inválidas! Tente novamente.',
    );
  });

  it('falls back for unknown codes and for failures without a response', () => {
    expect(errorMessageOf(apiError(418, 'Teapot'), 'Erro ao deletar')).toBe('Erro ao deletar');
    expect(errorMessageOf(new ApiError(0, 'Network Error'), 'Erro ao criar')).toBe('Erro ao criar');
  });

  it('has a Portuguese sentence for every shared error code', () => {
    for (const key of Object.keys(errorDefinitions) as ErrorKey[]) {
      expect(errorMessageOf(apiError(400, errorCodeOf(key)), '')).not.toBe('');
    }
  });
});
