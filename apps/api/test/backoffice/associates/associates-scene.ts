/** Requests of the associate routes' tests and their two-club scene. */
import { bearerFor, createAssociate, createClubWithStaff, createTitle } from '../../factories';
import { type BuiltApp } from '../../helper';

export const api = '/api/backoffice';

export const namesOf = (body: { items: Array<{ user: { name: string } }> }) =>
  body.items.map((item) => item.user.name);

/** The helpers bound to a test file's app and database. */
export function associatesScene(context: BuiltApp) {
  const request = (
    method: 'GET' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => context.app.inject({ method, url: `${api}${url}`, headers, payload: payload as never });

  /** Two clubs, each with staff; the first has a few associates to search. */
  async function setUp() {
    const db = context.db;
    const mine = await createClubWithStaff(db, { name: 'Meu Clube' });
    const theirs = await createClubWithStaff(db, { name: 'Outro Clube' });
    const headers = await bearerFor(context.app, mine.staff.cpf);
    const theirHeaders = await bearerFor(context.app, theirs.staff.cpf);
    const family = await createTitle(db, mine.company.id, { name: 'Título 0001' });
    const joao = await createAssociate(db, mine.company.id, {
      name: 'João Araújo',
      associateTitleId: family.id,
      isHolder: true,
      cardId: '700123',
    });
    const maria = await createAssociate(db, mine.company.id, {
      name: 'Maria Araújo',
      associateTitleId: family.id,
      isHolder: false,
      cardId: '700124',
    });
    const beto = await createAssociate(db, mine.company.id, {
      name: 'Beto Lima',
      cardId: '880001',
    });
    const foreign = await createAssociate(db, theirs.company.id, {
      name: 'João Estrangeiro',
      cardId: '700123',
    });
    return { mine, theirs, headers, theirHeaders, family, joao, maria, beto, foreign };
  }
  return { request, setUp };
}
