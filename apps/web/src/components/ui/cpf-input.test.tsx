import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { applyCpfEdit, CpfInput, formatCpfInput } from './cpf-input';
import { renderWithProviders } from '@/testing/render';

describe('formatCpfInput', () => {
  it('puts each separator in front of the digit that follows it', () => {
    expect(formatCpfInput('')).toBe('');
    expect(formatCpfInput('529')).toBe('529');
    expect(formatCpfInput('5299')).toBe('529.9');
    expect(formatCpfInput('529982')).toBe('529.982');
    expect(formatCpfInput('5299822')).toBe('529.982.2');
    expect(formatCpfInput('5299822472')).toBe('529.982.247-2');
    expect(formatCpfInput('52998224725')).toBe('529.982.247-25');
  });

  it('keeps digits only, at most 11', () => {
    expect(formatCpfInput('529.982.247-25')).toBe('529.982.247-25');
    expect(formatCpfInput('a5b2 9')).toBe('529');
    expect(formatCpfInput('529982247251234')).toBe('529.982.247-25');
  });
});

describe('applyCpfEdit', () => {
  it('keeps the caret after the same digit when a separator is added', () => {
    expect(applyCpfEdit('529', '5299', 4)).toEqual({ value: '529.9', caret: 5 });
  });

  it('refuses a 12th digit and leaves the caret where it was', () => {
    expect(applyCpfEdit('529.982.247-25', '5291.982.247-25', 4)).toEqual({
      value: '529.982.247-25',
      caret: 3,
    });
  });

  it('deletes the digit before a separator removed with backspace', () => {
    expect(applyCpfEdit('529.982', '529982', 3, 'deleteContentBackward')).toEqual({
      value: '529.82',
      caret: 2,
    });
  });

  it('deletes the digit after a separator removed with delete', () => {
    expect(applyCpfEdit('529.982', '529982', 3, 'deleteContentForward')).toEqual({
      value: '529.82',
      caret: 3,
    });
  });
});

function Controlled({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="cpf">CPF</label>
      <CpfInput id="cpf" value={value} onChange={setValue} aria-describedby="hint" />
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('CpfInput', () => {
  it('masks what is typed and ignores letters and extra digits', async () => {
    renderWithProviders({ ui: <Controlled /> });
    const input = screen.getByRole('textbox', { name: 'CPF' });
    await userEvent.setup().type(input, '529a98224725999');
    expect(input).toHaveValue('529.982.247-25');
    expect(screen.getByTestId('value')).toHaveTextContent('529.982.247-25');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('aria-describedby', 'hint');
  });

  it('masks a pasted cpf, with or without its mask', async () => {
    const user = userEvent.setup();
    renderWithProviders({ ui: <Controlled /> });
    const input = screen.getByRole('textbox', { name: 'CPF' });

    await user.click(input);
    await user.paste('52998224725');
    expect(input).toHaveValue('529.982.247-25');

    await user.clear(input);
    await user.paste('529.982.247-25');
    expect(input).toHaveValue('529.982.247-25');

    await user.clear(input);
    await user.paste(' 529 982 247 25 ');
    expect(input).toHaveValue('529.982.247-25');
  });

  it('deletes digits with backspace, separators included', async () => {
    const user = userEvent.setup();
    renderWithProviders({ ui: <Controlled initial="529.982.247-25" /> });
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'CPF' });

    await user.type(input, '{Backspace}{Backspace}');
    expect(input).toHaveValue('529.982.247');
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('529.982.24');

    // Caret right after "529.": backspace removes the separator and the 9 before it.
    await user.type(input, '{Backspace}', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(input).toHaveValue('529.822.4');
    expect(input.selectionStart).toBe(2);

    // Typing in the middle puts the digit there and keeps the caret after it.
    await user.type(input, '9', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(input).toHaveValue('529.982.24');
    expect(input.selectionStart).toBe(3);
  });
});
