import { auditEvents, companies, storedFiles } from '@clube/db';
import { and, count, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createClubWithStaff, createClubWithBearer } from '../../factories';
import { withFailingTrigger, build } from '../../helper';
import { encodeMultipart } from '../../route-table';

const context = build();

/** How many files the database holds (the tests of one file run one after another). */
async function storedCount() {
  const [row] = await context.db.select({ count: count() }).from(storedFiles);
  return row!.count;
}

async function isStored(key: string) {
  const rows = await context.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return rows.length === 1;
}

const clubWithHeaders = () => createClubWithBearer(context.app);

const picture = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: { r: 27, g: 94, b: 32, alpha: 0.5 } } })
    .toFormat(format)
    .toBuffer();

async function uploadLogo(
  companyId: string,
  headers: Record<string, string>,
  file?: { bytes: Buffer; name: string; type: string; field?: string },
) {
  const body = await encodeMultipart({}, file && { ...file, field: file.field ?? 'image' });
  return context.app.inject({
    method: 'POST',
    url: `/api/backoffice/company/${companyId}/logo`,
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const removeLogo = (companyId: string, headers: Record<string, string>) =>
  context.app.inject({
    method: 'DELETE',
    url: `/api/backoffice/company/${companyId}/logo`,
    headers,
  });

const keyOf = (url: string) => url.replace('/api/uploads/', '');

/** Dates the club's creation (and last change) in the past, so a change now is visibly later. */
async function backdate(companyId: string) {
  const createdAt = new Date('2025-01-15T10:00:00.000Z');
  await context.db
    .update(companies)
    .set({ createdAt, updatedAt: createdAt })
    .where(eq(companies.id, companyId));
  return createdAt.toISOString();
}

async function storedLogoUrl(companyId: string) {
  const [row] = await context.db
    .select({ logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.logoUrl;
}

describe('POST /api/backoffice/company/:id/logo', () => {
  it('re-encodes the image, stores it under a generated name and serves it', async () => {
    const { company, staff, headers } = await clubWithHeaders();
    const createdAt = await backdate(company.id);
    const before = Date.now();

    const response = await uploadLogo(company.id, headers, {
      bytes: await picture('png', 2000, 1000),
      name: 'brasao.png',
      type: 'image/png',
    });

    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ id: company.id, name: company.name, createdAt });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(before);
    expect(updated.logoUrl).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}-logo\.webp$/);
    expect(await storedLogoUrl(company.id)).toBe(updated.logoUrl);
    expect(await isStored(keyOf(updated.logoUrl))).toBe(true);

    const served = await context.app.inject({ method: 'GET', url: updated.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    // Fitted inside 512×512, proportions kept, transparency kept.
    expect([metadata.width, metadata.height]).toEqual([512, 256]);
    expect(metadata.hasAlpha).toBe(true);

    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, company.id), eq(auditEvents.action, 'company.logo.update')),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: staff.id, data: { after: updated.logoUrl } });
  });

  it('replacing a logo removes the previous stored file', async () => {
    const { company, headers } = await clubWithHeaders();
    const first = (
      await uploadLogo(company.id, headers, {
        bytes: await picture('jpeg'),
        name: 'a.jpg',
        type: 'image/jpeg',
      })
    ).json();
    const second = (
      await uploadLogo(company.id, headers, {
        bytes: await picture('gif'),
        name: 'b.gif',
        type: 'image/gif',
      })
    ).json();

    expect(second.logoUrl).not.toBe(first.logoUrl);
    expect(await isStored(keyOf(first.logoUrl))).toBe(false);
    expect(await isStored(keyOf(second.logoUrl))).toBe(true);
  });

  it('keeps the logo in use, and stores nothing, when the change cannot be recorded', async () => {
    const { company, headers } = await clubWithHeaders();
    const first = (
      await uploadLogo(company.id, headers, {
        bytes: await picture('png'),
        name: 'a.png',
        type: 'image/png',
      })
    ).json();
    const before = await storedCount();
    await withFailingTrigger(context.db, 'audit_events', 'INSERT', async () => {
      const response = await uploadLogo(company.id, headers, {
        bytes: await picture('gif'),
        name: 'b.gif',
        type: 'image/gif',
      });
      expect(response.statusCode).toBe(500);
    });
    // One transaction: the new bytes went with the failed change; the old logo is still served.
    expect(await storedCount()).toBe(before);
    expect(await storedLogoUrl(company.id)).toBe(first.logoUrl);
    const served = await context.app.inject({ method: 'GET', url: first.logoUrl });
    expect(served.statusCode).toBe(200);
  });

  it('decides the type from the bytes: a script named .png is refused, nothing stored', async () => {
    const { company, headers } = await clubWithHeaders();
    const before = await storedCount();

    const script = await uploadLogo(company.id, headers, {
      bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(script.statusCode).toBe(415);
    expect(script.json().error).toBe('UnsupportedImageType');

    const corrupt = await uploadLogo(company.id, headers, {
      bytes: (await picture('png')).subarray(0, 40),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(corrupt.statusCode).toBe(415);
    expect(await storedCount()).toBe(before);
    expect(await storedLogoUrl(company.id)).toBeNull();
  });

  it('refuses a request without the image and a file over the size limit', async () => {
    const { company, headers } = await clubWithHeaders();

    const empty = await uploadLogo(company.id, headers);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual([
      { in: 'body', path: 'image', message: 'Selecione uma imagem.' },
    ]);

    const wrongField = await uploadLogo(company.id, headers, {
      bytes: await picture('png'),
      name: 'logo.png',
      type: 'image/png',
      field: 'arquivo',
    });
    expect(wrongField.statusCode).toBe(400);

    const huge = await uploadLogo(company.id, headers, {
      bytes: Buffer.concat([await picture('png'), Buffer.alloc(6 * 1024 * 1024)]),
      name: 'logo.png',
      type: 'image/png',
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe('ImageTooLarge');

    const json = await context.app.inject({
      method: 'POST',
      url: `/api/backoffice/company/${company.id}/logo`,
      headers,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(await storedLogoUrl(company.id)).toBeNull();
  });

  it('answers 404 for a club of somebody else, storing nothing', async () => {
    const { headers } = await clubWithHeaders();
    const theirs = await createClubWithStaff(context.db);
    const before = await storedCount();

    const response = await uploadLogo(theirs.company.id, headers, {
      bytes: await picture('png'),
      name: 'logo.png',
      type: 'image/png',
    });

    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      error: 'CompanyNotFound',
      message: 'Clube não encontrado.',
    });
    expect(await storedCount()).toBe(before);
    expect(await storedLogoUrl(theirs.company.id)).toBeNull();
  });
});

describe('DELETE /api/backoffice/company/:id/logo', () => {
  it('goes back to no logo, removes the stored file and audits it', async () => {
    const { company, headers } = await clubWithHeaders();
    const uploaded = (
      await uploadLogo(company.id, headers, {
        bytes: await picture('webp'),
        name: 'logo.webp',
        type: 'image/webp',
      })
    ).json();

    const createdAt = await backdate(company.id);
    const before = Date.now();

    const response = await removeLogo(company.id, headers);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: company.id, logoUrl: null, createdAt });
    expect(Date.parse(response.json().updatedAt)).toBeGreaterThanOrEqual(before);
    expect(await isStored(keyOf(uploaded.logoUrl))).toBe(false);
    const served = await context.app.inject({ method: 'GET', url: uploaded.logoUrl });
    expect(served.statusCode).toBe(404);
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, company.id), like(auditEvents.action, 'company.logo.delete')),
      );
    expect(audit).toHaveLength(1);
  });

  it('removes a logo that is not an upload (a static file of the demo) too', async () => {
    const { company, headers } = await clubWithHeaders();
    await context.db
      .update(companies)
      .set({ logoUrl: '/demo/clube-demonstracao.svg' })
      .where(eq(companies.id, company.id));

    const response = await removeLogo(company.id, headers);

    expect(response.statusCode).toBe(200);
    expect(response.json().logoUrl).toBeNull();
  });

  it('answers 404 for a club of somebody else, keeping its logo', async () => {
    const { headers } = await clubWithHeaders();
    const theirs = await createClubWithStaff(context.db);
    await context.db
      .update(companies)
      .set({ logoUrl: '/demo/outro.svg' })
      .where(eq(companies.id, theirs.company.id));

    const response = await removeLogo(theirs.company.id, headers);

    expect(response.statusCode).toBe(404);
    expect(await storedLogoUrl(theirs.company.id)).toBe('/demo/outro.svg');
  });
});
