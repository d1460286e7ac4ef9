import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import {
  DateTimeInput,
  displayDateTimeValue,
  formatDateTimeInput,
  parseDateTimeInput,
} from './date-time-input';
import { renderWithProviders } from '@/testing/render';

function Harness({ initial = '', withTime = true }: { initial?: string; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeInput label="Início" value={value} onChange={setValue} withTime={withTime} />
      <output>{value}</output>
      <button type="button" onClick={() => setValue('')}>
        limpar
      </button>
    </>
  );
}

describe('DateTimeInput', () => {
  it('shows DD/MM/AAAA HH:mm whatever the browser language, and gives the form its ISO value', async () => {
    renderWithProviders({ ui: <Harness initial="2026-11-23T00:00:00" /> });
    const input = screen.getByLabelText('Início');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/AAAA HH:mm');
    expect(input).toHaveValue('23/11/2026 00:00');

    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '040320300615');
    expect(input).toHaveValue('04/03/2030 06:15');
    expect(screen.getByRole('status')).toHaveTextContent('2030-03-04T06:15');

    await user.click(screen.getByRole('button', { name: 'limpar' }));
    expect(input).toHaveValue('');
  });

  it('keeps a half-typed date on screen while the form sees none', async () => {
    renderWithProviders({ ui: <Harness withTime={false} /> });
    const input = screen.getByLabelText('Início');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await userEvent.setup().type(input, '3102');
    expect(input).toHaveValue('31/02');
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('date mask helpers', () => {
  it('formats, parses and displays', () => {
    expect(formatDateTimeInput('2', true)).toBe('2');
    expect(formatDateTimeInput('231120261830', true)).toBe('23/11/2026 18:30');
    expect(formatDateTimeInput('23/11/2026 18:30:59', true)).toBe('23/11/2026 18:30');
    expect(formatDateTimeInput('231120261830', false)).toBe('23/11/2026');
    expect(parseDateTimeInput('23/11/2026 18:30', true)).toBe('2026-11-23T18:30');
    expect(parseDateTimeInput('23/11/2026', false)).toBe('2026-11-23');
    expect(parseDateTimeInput('31/02/2026', false)).toBe('');
    expect(parseDateTimeInput('23/11/2026 24:00', true)).toBe('');
    expect(parseDateTimeInput('23/11/2026', true)).toBe('');
    expect(displayDateTimeValue('2026-11-23T18:30:15', true)).toBe('23/11/2026 18:30');
    expect(displayDateTimeValue('2026-11-23', false)).toBe('23/11/2026');
  });
});
