import { errorDefinitions, errorKeyOfCode, errorMessageOf } from '@clube/shared';
import type { LightMyRequestResponse } from 'fastify';

/**
 * Fails when an error body does not come from the shared error table: an unknown code, a status
 * other than the code's, or a `message` other than the code's text filled with the body's
 * `params`. Every response of every API test passes through it (createTestApp), so a message
 * override anywhere fails the suite that reaches it.
 */
export function assertErrorBodyFollowsTable(response: LightMyRequestResponse): void {
  if (response.statusCode < 400) return;
  if (!(response.headers['content-type'] ?? '').toString().includes('json')) return;
  const body = response.json<{
    statusCode?: unknown;
    error?: unknown;
    message?: unknown;
    params?: Record<string, unknown>;
  }>();
  const key = typeof body.error === 'string' ? errorKeyOfCode(body.error) : null;
  if (!key) throw new Error(`Error body with a code outside the table: ${response.body}`);
  const expected = errorMessageOf(key, body.params);
  if (body.message !== expected) {
    throw new Error(
      `Error ${String(body.error)} answered "${String(body.message)}" instead of the table's "${expected}"`,
    );
  }
  if (body.statusCode !== errorDefinitions[key].status || response.statusCode !== body.statusCode) {
    throw new Error(`Error ${String(body.error)} answered with status ${response.statusCode}`);
  }
}
