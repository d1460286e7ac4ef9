import type { Database } from '@clube/db';
import {
  createAssociate,
  createCategory,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  memberPassword,
  staffPassword,
} from '../factories';

/**
 * The smoke run's club, written straight into the database: a staff member, four places open
 * every day (08:00–20:00, hour slots, no limits) and four members of four titles, each with a
 * portal password and an e-mail address.
 */
export async function seedSmokeClub(db: Database) {
  const { company, staff } = await createClubWithStaff(db, { name: 'Clube Smoke' });
  await createOperatingHours(db, company.id);
  const category = await createCategory(db, company.id);
  const places = [];
  for (let index = 0; index < 4; index += 1) {
    places.push(await createPlace(db, company.id, { categoryId: category.id }));
  }
  const members = [];
  for (let index = 0; index < 4; index += 1) {
    const email = `socio${index}@smoke.example`;
    const member = await createAssociate(db, company.id, { password: memberPassword, email });
    members.push({ cpf: member.cpf, email });
  }
  return {
    companyId: company.id,
    timezone: company.timezone,
    staffCpf: staff.cpf,
    staffPassword,
    memberPassword,
    placeId: places[0]!.id,
    placeIds: places.map((place) => place.id),
    members,
  };
}
