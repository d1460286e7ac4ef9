/**
 * A member's card number (carteirinha) as clubs print it: letters and digits only ("000123",
 * "BR00001"), up to `cardIdMaxLength` characters. Letters are kept in capitals, so "br00001" typed
 * at the desk or written in a file is the card "BR00001". The database holds the same rule
 * (CHECK on associates.card_id). docs/decisions/029-card-numbers-with-letters.md
 */
export const cardIdMaxLength = 20;

const cardIdPattern = new RegExp(`^[A-Z0-9]{1,${cardIdMaxLength}}$`);

/** A card number as stored: trimmed, its letters in capitals. */
export function normalizeCardId(value: string): string {
  return value.trim().toUpperCase();
}

/** Whether `value` (once normalised) is a card number: letters and digits, up to the limit. */
export function isValidCardId(value: string): boolean {
  return cardIdPattern.test(normalizeCardId(value));
}

/** The rule in the words of whoever fixes a file or a form. */
export const cardIdRule = `a carteirinha tem só letras e números, sem espaços nem pontuação, até ${cardIdMaxLength} caracteres`;
