// The command line of `npm run bench` (described in run-api-bench.ts), read once for every scenario.
import { parseArgs } from 'node:util';

export const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string' },
    'keep-data': { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    scenario: { type: 'string', default: 'all' },
    label: { type: 'string' },
    members: { type: 'string', default: '2000' },
    attempts: { type: 'string', default: '4' },
    port: { type: 'string' },
  },
});
export const scenario = values.scenario;
const scenarios = ['all', 'routes', 'rush', 'search', 'invitations', 'fairness'];
if (!scenarios.includes(scenario))
  throw new Error(`--scenario: ${scenarios.join(', ')} (não ${scenario})`);
export const port = Number(values.port ?? 3900 + Math.floor(Math.random() * 90));
export const scale = Number(values.scale);
export const duration = Number(values.duration);
export const databaseUrl = process.env.DATABASE_URL;
export const driver = databaseUrl ? 'postgres' : 'pglite';
export const connections = Number(
  values.connections ?? (scenario === 'fairness' ? 64 : databaseUrl ? 32 : 8),
);
export const log = (line: string) => process.stdout.write(`${line}\n`);
