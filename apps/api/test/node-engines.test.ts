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
