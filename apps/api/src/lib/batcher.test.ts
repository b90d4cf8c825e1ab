import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

describe('Batcher', () => {
  it('writes the first item at once and groups the items that arrive meanwhile', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const batcher = new Batcher<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = batcher.add(1);
    const rest = [batcher.add(2), batcher.add(3), batcher.add(4)];
    await Promise.resolve();
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps batches within the maximum size', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number>(async (items) => {
      sizes.push(items.length);
    }, 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.add(n)));
    expect(sizes).toEqual([1, 2, 2]);
  });

  it('fails only the item that fails when a batch goes wrong', async () => {
    const written: number[] = [];
    let hold: Promise<void> | undefined = new Promise<void>((resolve) => setTimeout(resolve, 10));
    const batcher = new Batcher<number>(async (items) => {
      if (hold) {
        const wait = hold;
        hold = undefined;
        await wait;
      }
      if (items.includes(13)) throw new Error('unlucky');
      written.push(...items);
    });
    const results = await Promise.allSettled([1, 2, 13, 4].map((n) => batcher.add(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(written.sort((a, b) => a - b)).toEqual([1, 2, 4]);
    await batcher.idle();
  });
});
