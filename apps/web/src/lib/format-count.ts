const countFormat = new Intl.NumberFormat('pt-BR');

/** A count as people in Brazil write it: 2.000, 1.234.567 (the one number format of both apps). */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
