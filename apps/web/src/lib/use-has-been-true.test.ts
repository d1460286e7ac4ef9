import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useHasBeenTrue } from './use-has-been-true';

describe('useHasBeenTrue', () => {
  it('is false until the value is first true, then stays true', () => {
    const { result, rerender } = renderHook(({ value }) => useHasBeenTrue(value), {
      initialProps: { value: false },
    });
    expect(result.current).toBe(false);
    rerender({ value: true });
    expect(result.current).toBe(true);
    rerender({ value: false });
    expect(result.current).toBe(true);
  });
});
