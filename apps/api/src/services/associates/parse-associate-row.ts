import {
  cardIdRule,
  emailPattern,
  isValidCardId,
  isValidCpf,
  normalizeCardId,
  stripCpf,
} from '@clube/shared';

/** Columns of the membership file, in the order the header usually names them. */
export const requiredColumns = ['cpf', 'name', 'birthdate', 'cardid', 'title', 'isholder'] as const;
export const optionalColumns = ['email', 'blocked'] as const;

export type AssociateRow = {
  cpf: string;
  name: string;
  birthDate: string;
  cardId: string;
  title: string;
  isHolder: boolean;
  /** Absent column or empty cell: keep what the database has. */
  email: string | undefined;
  blocked: boolean | undefined;
};

export type ParsedRow = { ok: true; row: AssociateRow } | { ok: false; reason: string };

/**
 * The Portuguese column names (those of the template the back office offers) and their common
 * variants, by the column they stand for. Compared after normalising like any header cell.
 */
const portugueseColumns: Record<string, string> = {
  nome: 'name',
  nascimento: 'birthdate',
  datanascimento: 'birthdate',
  datadenascimento: 'birthdate',
  carteirinha: 'cardid',
  titulo: 'title',
  titular: 'isholder',
  bloqueado: 'blocked',
};

/**
 * Header cells compared without case, accents, spaces, underscores or hyphens ("Birth Date" =
 * birthDate, "Título" = titulo, "E-mail" = email), Portuguese names mapped to the columns they name.
 */
export function normalizeHeader(cell: string): string {
  const key = cell
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s_-]/g, '');
  return portugueseColumns[key] ?? key;
}

/** Comma or semicolon, whichever the header line uses more (Brazilian spreadsheets use ';'). */
export function detectDelimiter(headerLine: string): ',' | ';' {
  const count = (character: string) => headerLine.split(character).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

const trueWords = new Set(['sim', 's', 'true', '1', 'yes']);
const falseWords = new Set(['não', 'nao', 'n', 'false', '0', 'no']);

/** sim/não/true/false/1/0 (any case); undefined for anything else. */
export function parseBoolean(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  if (trueWords.has(word)) return true;
  if (falseWords.has(word)) return false;
  return undefined;
}

/** DD/MM/YYYY or YYYY-MM-DD of a real calendar day → "YYYY-MM-DD"; undefined otherwise. */
export function parseDate(value: string): string | undefined {
  const text = value.trim();
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = text.includes('/')
    ? [Number(match[3]), Number(match[2]), Number(match[1])]
    : [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (
    year < 1900 ||
    probe.getUTCFullYear() !== year ||
    probe.getUTCMonth() !== month - 1 ||
    probe.getUTCDate() !== day
  )
    return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** How reasons name a column: by the template's Portuguese name. */
export const columnLabels: Record<string, string> = {
  cpf: 'cpf',
  name: 'nome',
  birthdate: 'nascimento',
  cardid: 'carteirinha',
  title: 'titulo',
  isholder: 'titular',
  email: 'email',
  blocked: 'bloqueado',
};

/** Validates one record (keys are normalised header names). Reasons are in Portuguese. */
export function parseAssociateRow(
  record: Record<string, string | undefined>,
  today: string,
): ParsedRow {
  const cell = (column: string) => (record[column] ?? '').trim();
  // U+FFFD is what a program that misread the file's encoding left in place of a letter: storing
  // it would lose the name for good ("Jo\uFFFDo"), so the row is refused for someone to fix.
  const garbled = Object.entries(record).find(([, value]) => value?.includes('\uFFFD'));
  if (garbled) {
    return {
      ok: false,
      reason: `Caractere inválido (\uFFFD) em ${columnLabels[garbled[0]] ?? garbled[0]}: o arquivo foi salvo com a codificação errada`,
    };
  }
  const missing = requiredColumns.filter((column) => !cell(column));
  if (missing.length > 0) {
    const names = missing.map((column) => columnLabels[column]).join(', ');
    return { ok: false, reason: `Campo obrigatório ausente: ${names}` };
  }
  const cpf = stripCpf(cell('cpf'));
  if (!isValidCpf(cpf))
    return {
      ok: false,
      reason: `CPF inválido: ${cell('cpf')} — o CPF tem 11 dígitos (com ou sem pontos e traço) e dígitos verificadores certos`,
    };
  const birthDate = parseDate(cell('birthdate'));
  if (!birthDate)
    return {
      ok: false,
      reason: `Data de nascimento inválida: ${cell('birthdate')} — use DD/MM/AAAA ou AAAA-MM-DD, de um dia que existe`,
    };
  if (birthDate > today)
    return { ok: false, reason: `Data de nascimento no futuro: ${cell('birthdate')}` };
  if (!isValidCardId(cell('cardid')))
    return { ok: false, reason: `Carteirinha inválida: ${cell('cardid')} — ${cardIdRule}` };
  const cardId = normalizeCardId(cell('cardid'));
  const isHolder = parseBoolean(cell('isholder'));
  if (isHolder === undefined)
    return {
      ok: false,
      reason: `Valor inválido em titular: ${cell('isholder')} — use sim ou não`,
    };
  let blocked: boolean | undefined;
  if (cell('blocked')) {
    blocked = parseBoolean(cell('blocked'));
    if (blocked === undefined)
      return {
        ok: false,
        reason: `Valor inválido em bloqueado: ${cell('blocked')} — use sim ou não, ou deixe vazio`,
      };
  }
  const email = cell('email') || undefined;
  if (email && !emailPattern.test(email)) {
    return { ok: false, reason: `E-mail inválido: ${email} — use nome@exemplo.com.br` };
  }
  const name = cell('name').replace(/\s+/g, ' ');
  if (name.length > 200) return { ok: false, reason: 'Nome com mais de 200 caracteres (o limite)' };
  const title = cell('title').replace(/\s+/g, ' ');
  if (title.length > 100) return { ok: false, reason: 'Título com mais de 100 caracteres' };
  return { ok: true, row: { cpf, name, birthDate, cardId, title, isHolder, email, blocked } };
}
