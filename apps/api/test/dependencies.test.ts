import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

type Manifest = { name?: string; version?: string; engines?: { node?: string } };

const read = (path: string): Manifest => JSON.parse(readFileSync(path, 'utf8')) as Manifest;

/** Every installed package (nested ones included), with its manifest. */
function installedPackages(directory: string): Array<{ path: string; manifest: Manifest }> {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) return [];
    const path = join(directory, entry.name);
    if (entry.name.startsWith('.')) return [];
    if (entry.name.startsWith('@')) return installedPackages(path);
    const manifestPath = join(path, 'package.json');
    if (entry.isSymbolicLink() || !existsSync(manifestPath)) return [];
    return [
      { path, manifest: read(manifestPath) },
      ...installedPackages(join(path, 'node_modules')),
    ];
  });
}

describe('the Node version the project states', () => {
  it('is one every installed dependency declares it runs on', () => {
    const stated = read(join(root, 'package.json')).engines?.node;
    expect(stated, 'package.json states engines.node').toBeTruthy();
    const minimum = semver.minVersion(stated!)!;
    const refusing = installedPackages(join(root, 'node_modules'))
      .filter(({ manifest }) => {
        const range = manifest.engines?.node;
        return range !== undefined && semver.validRange(range) && !semver.satisfies(minimum, range);
      })
      .map(
        ({ manifest }) =>
          `${manifest.name}@${manifest.version} needs Node ${manifest.engines!.node}`,
      );
    expect(refusing, `packages that do not run on Node ${minimum.version}`).toEqual([]);
  });

  it('is the version this suite runs on, or older', () => {
    const stated = read(join(root, 'package.json')).engines!.node!;
    expect(semver.satisfies(process.versions.node, stated)).toBe(true);
  });
});

/** Every non-test TypeScript file under `directory`. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Production dependencies the server needs without importing them itself, and why. */
const neededUnimported: Record<string, string> = {
  '@date-fns/tz': 'club time zones of @clube/shared, which the server bundles',
  'openapi-types': 'peer dependency of fastify-type-provider-zod',
};

describe("the API's production dependencies", () => {
  it('are each imported by the server: development tools (pino-pretty…) stay out of them', () => {
    const api = join(root, 'apps/api');
    const dependencies = Object.keys(
      (
        JSON.parse(readFileSync(join(api, 'package.json'), 'utf8')) as {
          dependencies: Record<string, string>;
        }
      ).dependencies,
    );
    const sources = sourceFiles(join(api, 'src')).map((file) => readFileSync(file, 'utf8'));
    const imports = (name: string) =>
      sources.some((source) =>
        new RegExp(`(from |import\\(|require\\()'${name}(/[^']*)?'`).test(source),
      );
    expect(dependencies.filter((name) => !imports(name) && !(name in neededUnimported))).toEqual(
      [],
    );
  });
});
