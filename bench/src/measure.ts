// One route under load with autocannon, after a warm-up: the row every API benchmark table shows.
import autocannon from 'autocannon';
import { duration, log } from './api-bench-options';

export type Row = {
  route: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  ratioToHealth: number | null;
  errors: number;
  non2xx: number;
};

export async function measure(
  title: string,
  options: autocannon.Options,
): Promise<Row & { result: autocannon.Result }> {
  await autocannon({ ...options, duration: Math.min(2, duration) }); // warm-up
  const result = await autocannon(options);
  log(`  ${title}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms`);
  return {
    route: title,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ratioToHealth: null,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    result,
  };
}
