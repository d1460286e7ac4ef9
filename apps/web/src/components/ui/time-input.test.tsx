import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { formatTimeInput, TimeInput } from './time-input';
import { renderWithProviders } from '@/testing/render';

describe('formatTimeInput', () => {
  it('keeps digits only and puts a colon after the hour', () => {
    expect(formatTimeInput('0')).toBe('0');
    expect(formatTimeInput('07')).toBe('07:');
    expect(formatTimeInput('073')).toBe('07:3');
    expect(formatTimeInput('0730')).toBe('07:30');
    expect(formatTimeInput('a1b:3x0')).toBe('13:0');
  });

  it('caps the hour at 23, the minute at 59 and the length at 5', () => {
    expect(formatTimeInput('29')).toBe('23:');
    expect(formatTimeInput('1875')).toBe('18:59');
    expect(formatTimeInput('123456')).toBe('12:34');
  });
});

function Controlled() {
  const [value, setValue] = useState('');
  return <TimeInput label="Abertura" value={value} onChange={setValue} />;
}

describe('TimeInput', () => {
  it('formats what is typed', async () => {
    renderWithProviders({ ui: <Controlled /> });
    const input = screen.getByRole('textbox', { name: 'Abertura' });
    await userEvent.setup().type(input, '2a561');
    expect(input).toHaveValue('23:59');
  });
});
