import type { App } from '../src/app';

/** The parts of an OpenAPI operation the generated tests read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  format?: string;
  anyOf?: JsonSchema[];
};

export type Operation = {
  method: string;
  path: string;
  parameters?: Array<{
    name: string;
    in: 'path' | 'query' | 'header';
    required?: boolean;
    schema?: JsonSchema;
  }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of the API's OpenAPI document (the route table), but the docs themselves. */
export function listOperations(app: App): Operation[] {
  const document = app.swagger() as unknown as {
    paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  };
  return Object.entries(document.paths)
    .filter(([path]) => !path.startsWith('/api/docs'))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        ...operation,
        method: method.toUpperCase(),
        path,
      })),
    );
}

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) =>
  `${operation.method} ${operation.path}`;

/**
 * Multipart routes read their form by hand, so the OpenAPI document does not describe their
 * fields: they are listed here. The tests fail for a route that accepts multipart and is missing
 * from this list, so a new upload route cannot slip past them.
 */
export const multipartForms: Record<
  string,
  { fileField: string; fields: Record<string, 'id' | 'text' | 'number' | 'boolean'> }
> = {
  'POST /api/backoffice/placeImage': {
    fileField: 'image',
    fields: { placeId: 'id', sequence: 'number', description: 'text' },
  },
  'POST /api/backoffice/company/{id}/logo': { fileField: 'image', fields: {} },
  'POST /api/backoffice/associate/import': {
    fileField: 'file',
    fields: { companyId: 'id', dryRun: 'boolean', skipInvalid: 'boolean' },
  },
};

/**
 * Whether the route takes multipart/form-data. The OpenAPI document cannot tell (these routes have
 * no body schema), so the route is asked: an empty form reaches only a route with a multipart
 * parser; every other route refuses the content type (415) before its handler runs.
 */
export async function acceptsMultipart(
  app: App,
  operation: Operation,
  headers: Record<string, string>,
): Promise<boolean> {
  if (!['POST', 'PUT', 'PATCH'].includes(operation.method)) return false;
  const body = await encodeMultipart({});
  const response = await app.inject({
    method: operation.method as 'POST',
    url: operation.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
    headers: { ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  return response.statusCode !== 415;
}

/** A file part of a multipart body: its form field, bytes, file name and media type. */
export type MultipartFile = { field: string; bytes: Uint8Array; name: string; type: string };

/** A multipart body as a browser's FormData sends it: the fields, then the files, in order. */
export async function encodeMultipart(
  fields: Record<string, string>,
  ...files: Array<MultipartFile | undefined>
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    if (!file) continue;
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  }
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}
