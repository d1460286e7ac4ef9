import { describe, expect, it } from 'vitest';
import {
  detectDelimiter,
  normalizeHeader,
  parseAssociateRow,
  parseBoolean,
  parseDate,
} from './parse-associate-row';

const today = '2026-01-15';
const valid = {
  cpf: '529.982.247-25',
  name: '  João   Araújo ',
  birthdate: '10/05/1990',
  cardid: '1001',
  title: 'Título 1',
  isholder: 'sim',
};

describe('parseAssociateRow', () => {
  it('normalises a good row', () => {
    expect(parseAssociateRow(valid, today)).toEqual({
      ok: true,
      row: {
        cpf: '52998224725',
        name: 'João Araújo',
        birthDate: '1990-05-10',
        cardId: '1001',
        title: 'Título 1',
        isHolder: true,
        email: undefined,
        blocked: undefined,
      },
    });
  });

  it('takes a card number of letters and digits, as clubs print them, in capitals', () => {
    const parsed = parseAssociateRow({ ...valid, cardid: ' br00001 ' }, today);
    expect(parsed.ok && parsed.row.cardId).toBe('BR00001');
  });

  it('reports each kind of bad cell', () => {
    const reasonOf = (changes: Record<string, string>) => {
      const parsed = parseAssociateRow({ ...valid, ...changes }, today);
      return parsed.ok ? 'ok' : parsed.reason;
    };
    expect(reasonOf({ cpf: '529.982.247-24' })).toMatch(/^CPF inválido/);
    expect(reasonOf({ cpf: '111.111.111-11' })).toMatch(/^CPF inválido/);
    expect(reasonOf({ birthdate: '31/02/1990' })).toMatch(/^Data de nascimento inválida/);
    expect(reasonOf({ birthdate: '1990/05/10' })).toMatch(/^Data de nascimento inválida/);
    expect(reasonOf({ birthdate: '2030-01-01' })).toMatch(/no futuro/);
    expect(reasonOf({ name: ' ', cardid: '' })).toBe(
      'Campo obrigatório ausente: nome, carteirinha',
    );
    expect(reasonOf({ isholder: 'talvez' })).toMatch(/titular/);
    expect(reasonOf({ blocked: 'x' })).toMatch(/bloqueado/);
    expect(reasonOf({ cardid: 'BR 0001' })).toBe(
      'Carteirinha inválida: BR 0001 — a carteirinha tem só letras e números, sem espaços nem pontuação, até 20 caracteres',
    );
    expect(reasonOf({ cardid: '1'.repeat(21) })).toMatch(
      /^Carteirinha inválida.*até 20 caracteres$/,
    );
    expect(reasonOf({ email: 'sem-arroba' })).toMatch(/^E-mail inválido/);
  });
});

describe('cells', () => {
  it('reads both date formats', () => {
    expect(parseDate('2000-02-29')).toBe('2000-02-29');
    expect(parseDate('29/02/2001')).toBeUndefined();
    expect(parseDate('01/12/1985')).toBe('1985-12-01');
  });

  it('reads Portuguese and English booleans', () => {
    expect(['sim', 'SIM', 'true', '1'].map(parseBoolean)).toEqual([true, true, true, true]);
    expect(['não', 'nao', 'False', '0'].map(parseBoolean)).toEqual([false, false, false, false]);
    expect(parseBoolean('')).toBeUndefined();
  });

  it('detects the delimiter from the header and normalises header names', () => {
    expect(detectDelimiter('cpf;name;birthDate;cardId;title;isHolder')).toBe(';');
    expect(detectDelimiter('cpf,name,birthDate,cardId,title,isHolder')).toBe(',');
    expect(normalizeHeader(' Birth_Date ')).toBe('birthdate');
  });

  it('reads the Portuguese column names, with or without accents and in any case', () => {
    expect(
      [
        'CPF',
        'Nome',
        'Data de nascimento',
        'Carteirinha',
        'Título',
        'Titular',
        'E-mail',
        'Bloqueado',
      ].map(normalizeHeader),
    ).toEqual(['cpf', 'name', 'birthdate', 'cardid', 'title', 'isholder', 'email', 'blocked']);
    expect(normalizeHeader('nascimento')).toBe('birthdate');
  });
});
