import base from './vite.config';
import { writeFileSync } from 'node:fs';
export default {
  ...base,
  root: '/work/wt/performance/apps/web',
  build: { ...base.build, outDir: '/tmp/perf/webdist' },
  plugins: [
    ...base.plugins,
    {
      name: 'analyze',
      generateBundle(_o: unknown, bundle: Record<string, any>) {
        const out: Record<string, Array<[string, number]>> = {};
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk') continue;
          const groups: Record<string, number> = {};
          for (const [id, m] of Object.entries<any>(chunk.modules)) {
            const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
            const key = match ? match[1] : id.replace('/work/wt/performance/', '');
            groups[key] = (groups[key] ?? 0) + m.renderedLength;
          }
          out[file] = Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 25);
        }
        writeFileSync('/tmp/perf/analyze.json', JSON.stringify(out, null, 1));
      },
    },
  ],
};
