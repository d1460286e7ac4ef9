import { createScratchDatabase } from '@clube/db';

/**
 * A new, empty PostgreSQL database on the server of DATABASE_URL (nothing migrated: the server
 * processes under test migrate it themselves), and how to drop it.
 */
export async function createEmptyPostgresDatabase() {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('DATABASE_URL is required');
  return createScratchDatabase(adminUrl, process.env.TEST_DATABASE_PREFIX ?? 'clube_test');
}
