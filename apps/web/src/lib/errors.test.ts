import { errorCodeOf, errorDefinitions, type ErrorKey } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessageOf } from './errors';

const apiError = (status: number, error: string, params?: Record<string, string | number>) =>
  new ApiError(status, error, { statusCode: status, error, message: 'server text', params });

describe('error code table', () => {
  it('shows the shared table text of a known code, not the body sentence', () => {
    expect(errorMessageOf(apiError(422, 'ReservationsLimitReached'), 'Erro ao criar.')).toBe(
      errorDefinitions.ReservationsLimitReached.message,
    );
    expect(errorMessageOf(apiError(404, 'CompanyNotFound'), 'x')).toBe('Clube não encontrado.');
  });

  it('fills the text with the values of the body', () => {
    expect(errorMessageOf(apiError(413, 'ImageTooLarge', { maxMegabytes: 5 }), 'x')).toBe(
      'A imagem deve ter no máximo 5 MB.',
    );
    expect(errorMessageOf(apiError(413, 'ImageTooManyPixels', { maxMegapixels: 40 }), 'x')).toBe(
      'A imagem tem dimensões grandes demais. Envie uma imagem de até 40 megapixels.',
    );
    expect(errorMessageOf(apiError(422, 'TitleSuspended', { endDate: '05/12/2026' }), 'x')).toBe(
      'O título está suspenso por faltas até 05/12/2026.',
    );
  });

  it('matches codes that differ from their key', () => {
    expect(errorMessageOf(apiError(401, 'Invalid user or password'), 'x')).toBe(
      'Credenciais inválidas! Tente novamente.',
    );
  });

  it("says a role's refusal in PermissionDenied's words, whatever the body of the 403", () => {
    const permissionDenied = errorDefinitions.PermissionDenied.message;
    expect(errorMessageOf(apiError(403, 'PermissionDenied'), 'Erro ao editar.')).toBe(
      permissionDenied,
    );
    expect(errorMessageOf(apiError(403, 'Forbidden'), 'Erro ao excluir.')).toBe(permissionDenied);
    expect(errorMessageOf(new ApiError(403, 'Forbidden'), 'Erro ao excluir.')).toBe(
      permissionDenied,
    );
  });

  it('falls back for unknown codes and for failures without a response', () => {
    expect(errorMessageOf(apiError(418, 'Teapot'), 'Erro ao deletar.')).toBe('Erro ao deletar.');
    expect(errorMessageOf(new ApiError(0, 'Network Error'), 'Erro ao criar.')).toBe(
      'Erro ao criar.',
    );
  });

  it('shows for every shared error code exactly the text the API answers', () => {
    for (const key of Object.keys(errorDefinitions) as ErrorKey[]) {
      expect(errorMessageOf(apiError(400, errorCodeOf(key)), '')).toBe(
        errorDefinitions[key].message,
      );
    }
  });
});
