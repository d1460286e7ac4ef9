/**
 * Bounds of a batch's rows: the upper one bounds the rows held in memory and the size of one
 * statement; the lower one lets a batch stay near `batchTargetMs` where a row is slow to write
 * (on the embedded database a new member costs 1–2 ms once the club holds tens of thousands, so
 * 50-row batches made every other request wait 100 ms and more).
 */
const maxBatchSize = 1000;
const minBatchSize = 10;
/**
 * How long one batch's transaction should take. On the embedded database every other request
 * waits for the batch in progress, so this bounds their added wait; batches are resized after
 * each one to its measured cost per row, which also follows how busy the machine is.
 */
export const batchTargetMs = 50;

/** The next batch's number of rows: fixed, or resized to the last batch's cost per row. */
export class BatchSizer {
  private size: number;
  constructor(private readonly fixed: number | undefined) {
    this.size = fixed ?? 100;
  }
  get rows(): number {
    return this.size;
  }
  /** Resizes the next batch to take about `batchTargetMs`, from one that took `elapsedMs`. */
  record(rows: number, elapsedMs: number): void {
    if (this.fixed !== undefined || rows === 0) return;
    const perRow = Math.max(elapsedMs, 1) / rows;
    // Halfway towards the target size: one slow batch (a pause of the machine) does not
    // collapse the next one, and a fast one does not make it jump.
    const target = Math.round((this.size + batchTargetMs / perRow) / 2);
    this.size = Math.min(maxBatchSize, Math.max(minBatchSize, target));
  }
}
