export type ManifestChunk = { file: string; imports?: string[] };
export type Manifest = Record<string, ManifestChunk>;
export const entryBudgets: Record<string, number>;
export function firstLoadKeys(manifest: Manifest, entry: string): string[];
export function firstLoadBytes(
  manifest: Manifest,
  entry: string,
  sizeOf: (file: string) => number,
): number;
export function checkEntryWeights(
  manifest: Manifest,
  sizeOf: (file: string) => number,
  budgets?: Record<string, number>,
): Array<{ entry: string; bytes: number; budget: number; over: boolean; line: string }>;
