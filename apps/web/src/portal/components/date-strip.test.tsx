import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DateStrip } from './date-strip';

const words = (text: string) => text.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];

describe('the portal day chips', () => {
  it("each chip's accessible name begins with what it shows, then gives the whole date (label-content-name-mismatch)", () => {
    renderWithProviders({
      realm: 'portal',
      ui: (
        <DateStrip
          dates={['2099-11-27', '2099-11-28', '2099-11-29']}
          selected="2099-11-27"
          today="2099-11-27"
          onSelect={vi.fn()}
        />
      ),
    });
    const chips = screen.getAllByRole('button');
    expect(chips).toHaveLength(3);
    for (const chip of chips) {
      const visible = [...chip.children]
        .filter((child) => !child.classList.contains('sr-only'))
        .map((child) => child.textContent)
        .join(' ');
      const name = chip.getAttribute('aria-label') ?? chip.textContent ?? '';
      // axe's rule: the visible words appear in the name, in order and together.
      expect(words(name).join(' ').startsWith(words(visible).join(' '))).toBe(true);
    }
    expect(chips[0]).toHaveAccessibleName(/^Hoje\s*27\s*nov/i);
    expect(chips[2]).toHaveAccessibleName(/29 de novembro/);
  });
});
