import { companies, type Database } from '@clube/db';
import { eq } from 'drizzle-orm';
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
  storage: FileStorage;
  companyId: string;
  actorUserId: string;
  /** The new logo's file, stored with the change; none when the club goes back to the crest. */
  upload: { key: string; data: Buffer } | null;
  action: 'company.logo.update' | 'company.logo.delete';
};

/**
 * Points the club at its new logo (or none), in one transaction with the files: the new logo's
 * bytes are stored and the replaced upload's bytes removed, so a rollback keeps the logo in use
 * and a commit leaves no bytes nothing points at.
 */
async function replaceLogo(db: Database, change: LogoChange) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ logoUrl: companies.logoUrl })
      .from(companies)
      .where(eq(companies.id, change.companyId))
      .for('update');
    if (!before) throw new AppError('CompanyNotFound');
    const files = change.storage.within(tx);
    if (change.upload) await files.put(change.upload.key, change.upload.data);
    const logoUrl = change.upload ? uploadUrlOf(change.upload.key) : null;
    const [company] = await tx
      .update(companies)
      .set({ logoUrl, updatedAt: new Date() })
      .where(eq(companies.id, change.companyId))
      .returning(companyColumns);
    const previousKey = storageKeyOfLogo(before.logoUrl);
    if (previousKey) await files.remove(previousKey);
    await recordAudit(tx, {
      companyId: change.companyId,
      actorUserId: change.actorUserId,
      action: change.action,
      entityType: 'company',
      entityId: change.companyId,
      data: { before: before.logoUrl, after: logoUrl },
    });
    return toCompany(company!);
  });
}

export type RemoveCompanyLogoOptions = {
  storage: FileStorage;
  companyId: string;
  actorUserId: string;
};

export type SetCompanyLogoOptions = RemoveCompanyLogoOptions & { bytes: Buffer };

/** Re-encodes the upload, stores it under a generated name and makes it the club's logo. */
export async function setCompanyLogo(db: Database, options: SetCompanyLogoOptions) {
  const logo = await processLogo(options.bytes);
  return replaceLogo(db, {
    storage: options.storage,
    companyId: options.companyId,
    actorUserId: options.actorUserId,
    upload: { key: generateStorageKey('logo', 'webp'), data: logo.data },
    action: 'company.logo.update',
  });
}

/** The club goes back to the default crest; its uploaded logo's bytes are removed. */
export async function removeCompanyLogo(db: Database, options: RemoveCompanyLogoOptions) {
  return replaceLogo(db, { ...options, upload: null, action: 'company.logo.delete' });
}
