// Fails when the Drizzle schema and the migrations' snapshots disagree: it runs
// `drizzle-kit generate` on a copy of the migrations folder and expects it to write nothing.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'clube-drizzle-'));
try {
  cpSync(join(root, 'drizzle'), join(scratch, 'drizzle'), { recursive: true });
  const before = new Set(readdirSync(join(scratch, 'drizzle')));
  // Run through `npm run check -w @clube/db`, whose PATH holds the workspace's binaries.
  execFileSync(
    'drizzle-kit',
    [
      'generate',
      '--dialect=postgresql',
      // drizzle-kit reads both paths relative to the working directory.
      `--schema=${relative(scratch, join(root, 'src/schema/index.ts'))}`,
      '--out=drizzle',
      '--name=drift',
    ],
    { cwd: scratch, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const written = readdirSync(join(scratch, 'drizzle')).filter((name) => !before.has(name));
  if (written.length > 0) {
    console.error(
      'The Drizzle schema differs from the last migration snapshot; `drizzle-kit generate` wrote:',
      written.join(', '),
    );
    process.exit(1);
  }
  console.log('Drizzle snapshots match the schema.');
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
