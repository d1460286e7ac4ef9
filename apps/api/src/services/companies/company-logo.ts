import { companies, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { processLogo } from '../../lib/images/process-logo';
import { generateStorageKey, isStorageKey, type FileStorage } from '../../lib/storage/file-storage';
import { uploadUrlOf } from '../../lib/storage/upload-url';
import { companyColumns, toCompany } from './company-row';

/** The stored file behind a logo URL, when the logo is an upload (the demo's is a static file). */
export function storageKeyOfLogo(logoUrl: string | null): string | null {
  const prefix = uploadUrlOf('');
  if (!logoUrl?.startsWith(prefix)) return null;
  const key = logoUrl.slice(prefix.length);
  return isStorageKey(key) ? key : null;
}

type LogoChange = {
  companyId: string;
  actorUserId: string;
  logoUrl: string | null;
  action: 'company.logo.update' | 'company.logo.delete';
};

/** Points the club at its new logo (or none) and answers the club and the replaced logo's URL. */
async function replaceLogoUrl(db: Database, change: LogoChange) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, change.companyId))
      .for('update');
    if (!before) throw new AppError('NotFound', 'Clube não encontrado.');
    const [company] = await tx
      .update(companies)
      .set({ logoUrl: change.logoUrl, updatedAt: new Date() })
      .where(eq(companies.id, change.companyId))
      .returning(companyColumns);
    await recordAudit(tx, {
      companyId: change.companyId,
      actorUserId: change.actorUserId,
      action: change.action,
      entityType: 'company',
      entityId: change.companyId,
      data: { before: before.logoUrl, after: change.logoUrl },
    });
    return { company: toCompany(company!), previousLogoUrl: before.logoUrl };
  });
}

/** Removes a replaced logo's file after the commit, so a rollback never loses the logo in use. */
async function removeStoredLogo(
  storage: FileStorage,
  logoUrl: string | null,
  log: FastifyBaseLogger,
) {
  const key = storageKeyOfLogo(logoUrl);
  if (!key) return;
  await storage
    .remove(key)
    .catch((error: unknown) => log.warn({ err: error, key }, 'could not remove an old logo'));
}

export type SetCompanyLogoInput = { companyId: string; actorUserId: string; bytes: Buffer };

/** Re-encodes the upload, stores it under a generated name and makes it the club's logo. */
export async function setCompanyLogo(
  db: Database,
  storage: FileStorage,
  input: SetCompanyLogoInput,
  log: FastifyBaseLogger,
) {
  const logo = await processLogo(input.bytes);
  const key = generateStorageKey('logo', 'webp');
  await storage.put(key, logo.data);
  let result: Awaited<ReturnType<typeof replaceLogoUrl>>;
  try {
    result = await replaceLogoUrl(db, {
      companyId: input.companyId,
      actorUserId: input.actorUserId,
      logoUrl: uploadUrlOf(key),
      action: 'company.logo.update',
    });
  } catch (error) {
    // No row points at the file: remove it rather than leave an orphan.
    await storage
      .remove(key)
      .catch((cleanupError: unknown) =>
        log.warn({ err: cleanupError }, 'orphan upload left behind'),
      );
    throw error;
  }
  await removeStoredLogo(storage, result.previousLogoUrl, log);
  return result.company;
}

/** The club goes back to the default crest; its uploaded logo file is removed. */
export async function removeCompanyLogo(
  db: Database,
  storage: FileStorage,
  input: { companyId: string; actorUserId: string },
  log: FastifyBaseLogger,
) {
  const result = await replaceLogoUrl(db, {
    ...input,
    logoUrl: null,
    action: 'company.logo.delete',
  });
  await removeStoredLogo(storage, result.previousLogoUrl, log);
  return result.company;
}
