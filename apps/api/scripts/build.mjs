// Bundles the API and the CLI into dist/ with esbuild. Workspace packages (@clube/*) are bundled
// in (they ship TypeScript sources); every npm dependency stays external and loads from
// node_modules. The embedded database's worker (packages/db/src/pglite-worker.mjs, plain
// JavaScript started by file name) is copied beside the bundles, where they look for it.
import { copyFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });

await build({
  entryPoints: ['src/server.ts', 'src/cli.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(pluginBuild) {
        pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@clube/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});

copyFileSync(
  new URL('../../../packages/db/src/pglite-worker.mjs', import.meta.url),
  new URL('../dist/pglite-worker.mjs', import.meta.url),
);
