/**
 * Natural batching ("group commit" done by the application): the first item is written at once;
 * items that arrive while a write is under way wait for it to finish and are then written together.
 * Under light load nothing waits longer than a single write; under heavy load one statement (one
 * commit, one fsync) carries many items, so throughput grows with concurrency instead of queueing.
 *
 * If a batch fails, its items are retried one by one, so one bad item fails alone.
 */
export class Batcher<Item> {
  private waiting: { item: Item; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing: Promise<void> | undefined;

  constructor(
    private readonly writeBatch: (items: Item[]) => Promise<void>,
    private readonly maxBatch = 200,
  ) {}

  add(item: Item): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.writing ??= this.drain();
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, this.maxBatch);
        try {
          await this.writeBatch(batch.map((entry) => entry.item));
          for (const entry of batch) entry.resolve();
        } catch (error) {
          if (batch.length === 1) {
            batch[0]!.reject(error);
            continue;
          }
          for (const entry of batch) {
            await this.writeBatch([entry.item]).then(entry.resolve, entry.reject);
          }
        }
      }
    } finally {
      this.writing = undefined;
    }
  }

  /** Resolves once everything added so far is written (for shutdown). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }
}
