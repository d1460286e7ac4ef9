import { describe, expect, it } from 'vitest';
import { renderMessage } from './layout';

describe('renderMessage', () => {
  it('fits a phone: the HTML declares the device width, and escapes every value', () => {
    const { html } = renderMessage({
      subject: 'Reserva confirmada',
      sender: 'Clube <Náutico>',
      greeting: 'Olá, Joana!',
      paragraphs: ['Quadra 1, amanhã às 10:00.'],
    });
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('Clube &lt;Náutico&gt;');
  });
});
