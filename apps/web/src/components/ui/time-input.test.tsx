import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TimeInput } from './time-input';

function Field({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <label>
      Horário de início
      <TimeInput value={value} onChange={setValue} />
    </label>
  );
}

describe('TimeInput', () => {
  it('keeps digits only and types the colon after the hour', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Horário de início' });
    await userEvent.type(input, '1a4b3c0');
    expect(input).toHaveValue('14:30');
  });

  it('caps the hour at 23, pads a minute that cannot start with that digit, stops at 5 characters', async () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: 'Horário de início' });
    await userEvent.type(input, '24');
    expect(input).toHaveValue('23:');
    await userEvent.type(input, '7');
    expect(input).toHaveValue('23:07');
    await userEvent.clear(input);
    await userEvent.type(input, '235912');
    expect(input).toHaveValue('23:59');
  });

  it('lets the user erase past the colon', async () => {
    render(<Field initial="12:3" />);
    const input = screen.getByRole('textbox', { name: 'Horário de início' });
    await userEvent.type(input, '{Backspace}');
    expect(input).toHaveValue('12');
    await userEvent.type(input, '{Backspace}');
    expect(input).toHaveValue('1');
  });
});
