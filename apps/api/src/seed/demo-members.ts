import { associateTitles, associates, type Database } from '@clube/db';
import { completeCpf, stripCpf } from '@clube/shared';
import { and, asc, eq } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import { demoMemberLogin } from './demo-logins';

const associateNames = [
  'João Carlos Pereira',
  'Maria da Conceição Silva',
  'José Antônio Ferreira',
  'Ana Luíza Rodrigues',
  'Francisco Araújo',
  'Antônia Gonçalves',
  'Carlos Eduardo Lima',
  'Conceição Nogueira',
  'Paulo Sérgio Almeida',
  'Luíza Helena Costa',
  'Sebastião Ribeiro',
  'Márcia Cristina Gomes',
  'André Luís Martins',
  'Fernanda Araújo Pereira',
  'Raimundo Nonato Souza',
  'Patrícia Lopes',
  'Marcos Vinícius Barbosa',
  'Juliana Castro',
  'Luís Otávio Mendes',
  'Beatriz Simões',
];

const dependantFirstNames = [
  'Pedro',
  'Lívia',
  'Heitor',
  'Cecília',
  'Théo',
  'Isadora',
  'Joaquim',
  'Valentina',
  'Benício',
  'Manuela',
  'Davi',
  'Lúcia',
  'Caio',
  'Sofia',
  'Gael',
  'Helena',
  'Otávio',
  'Alícia',
  'Enzo',
  'Marina',
];

/** Twenty families, the holder plus one dependant each, ages 6 to 78, as a membership CSV. */
export function demoMembershipCsv(today: string): string {
  const yearOf = (age: number) => Number(today.slice(0, 4)) - age;
  const people = associateNames.flatMap((holderName, index) => {
    const surname = holderName.split(' ').slice(-1)[0]!;
    return [
      { name: holderName, age: 35 + ((index * 7) % 44), isHolder: true, titleIndex: index },
      {
        name: `${dependantFirstNames[index]!} ${surname}`,
        age: 6 + ((index * 5) % 17),
        isHolder: false,
        titleIndex: index,
      },
    ];
  });
  const lines = people.map((person, index) => {
    const day = String((index % 27) + 1).padStart(2, '0');
    const month = String((index % 12) + 1).padStart(2, '0');
    return [
      completeCpf(String(100_000_001 + index * 7_919)),
      person.name,
      `${day}/${month}/${yearOf(person.age)}`,
      String(10_001 + index),
      `Título ${String(1001 + person.titleIndex)}`,
      person.isHolder ? 'sim' : 'não',
      `associado${index + 1}@exemplo.com.br`,
      index === 7 ? 'sim' : 'não',
    ].join(';');
  });
  return ['cpf;name;birthDate;cardId;title;isHolder;email;blocked', ...lines].join('\n');
}

/**
 * The demo club's members in card order, once the import has brought them in: the blocked one is
 * given a reason and the portal's demo member a password.
 */
export async function prepareDemoMembers(db: Database, companyId: string) {
  const associateRows = await db
    .select()
    .from(associates)
    .where(eq(associates.companyId, companyId))
    .orderBy(asc(associates.cardId));
  await db
    .update(associates)
    .set({ blockedReason: 'Mensalidade em atraso' })
    .where(and(eq(associates.companyId, companyId), eq(associates.blocked, true)));
  // Portal passwords are set by the club's staff; the demo gives one member a password at once.
  await db
    .update(associates)
    .set({ passwordHash: await hashPassword(demoMemberLogin.password) })
    .where(
      and(eq(associates.companyId, companyId), eq(associates.cpf, stripCpf(demoMemberLogin.cpf))),
    );
  return associateRows;
}

export async function blockDemoTitle(
  db: Database,
  associateRows: Array<{ associateTitleId: string }>,
) {
  // One family behind on its dues: the title is blocked, so none of its members can book.
  const blockedTitleId = associateRows[associateRows.length - 1]!.associateTitleId;
  await db
    .update(associateTitles)
    .set({ blocked: true, blockedReason: 'Mensalidade do título em atraso' })
    .where(eq(associateTitles.id, blockedTitleId));
}
