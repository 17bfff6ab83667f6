import { describe, expect, it } from 'vitest';
import { batchOf, keysetBatches } from '../../src/server/http/paging.js';

/** Reads of 0..total-1, `size` at a time, recording each cursor asked for. */
function numbers(total: number, size: number, failAt?: number) {
  const asked: (number | null)[] = [];
  const read = async (after: number | null) => {
    asked.push(after);
    const start = after === null ? 0 : after + 1;
    if (start === failAt) throw new Error('the database went away');
    const rows = Array.from({ length: Math.max(0, Math.min(size, total - start)) }, (_, i) => start + i);
    return batchOf(rows, size, (last) => last);
  };
  return { asked, read };
}

describe('keysetBatches', () => {
  it('gives every row once, in order, and ends after a short batch', async () => {
    const { asked, read } = numbers(25, 10);
    const batches: number[][] = [];
    for await (const batch of keysetBatches(read)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(batches.flat()).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(asked).toEqual([null, 9, 19]);
  });

  it('reads one more empty batch when the rows end exactly on a batch', async () => {
    const { read } = numbers(20, 10);
    const batches: number[][] = [];
    for await (const batch of keysetBatches(read)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([10, 10, 0]);
  });

  it('has the next batch on its way while the caller still works on this one', async () => {
    const { asked, read } = numbers(30, 10);
    const iterator = keysetBatches(read)[Symbol.asyncIterator]();
    await iterator.next();
    expect(asked).toEqual([null, 9]);
    await iterator.return(undefined);
  });

  it('passes a failed read on to the caller, and a failed read nobody awaits is not an unhandled rejection', async () => {
    const failing = numbers(30, 10, 10);
    const reads = keysetBatches(failing.read)[Symbol.asyncIterator]();
    await reads.next();
    await expect(reads.next()).rejects.toThrow('the database went away');

    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const abandoned = keysetBatches(numbers(30, 10, 10).read)[Symbol.asyncIterator]();
    await abandoned.next();
    await abandoned.return(undefined);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
  });
});
