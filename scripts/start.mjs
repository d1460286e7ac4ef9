// `npm start`: builds the web app and the API when their sources changed since the last build
// (always on a fresh checkout), then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { needsBuild, stampBuild } from './build-stamp.mjs';

const root = new URL('..', import.meta.url).pathname;

if (needsBuild(root)) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  stampBuild(root);
} else {
  process.stdout.write('Build em dia com o código: iniciando sem recompilar.\n');
}
await import('../apps/api/dist/server.js');
