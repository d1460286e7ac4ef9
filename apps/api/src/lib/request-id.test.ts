import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestIdGenerator } from './request-id';

const withHeader = (value?: string) =>
  ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it('are random UUIDs without a trusted proxy, whatever the client sends', () => {
    const generate = requestIdGenerator(false);
    expect(generate(withHeader('0123456789abcdef0123456789abcdef'))).toMatch(uuid);
    expect(generate(withHeader())).not.toBe(generate(withHeader()));
  });

  it("keep a trusted proxy's id (nginx's $request_id), and replace one that is not a plain token", () => {
    const generate = requestIdGenerator(1);
    expect(generate(withHeader('0123456789abcdef0123456789abcdef'))).toBe(
      '0123456789abcdef0123456789abcdef',
    );
    expect(generate(withHeader('with spaces and "quotes"'))).toMatch(uuid);
    expect(generate(withHeader('x'.repeat(65)))).toMatch(uuid);
    expect(generate(withHeader())).toMatch(uuid);
  });
});
