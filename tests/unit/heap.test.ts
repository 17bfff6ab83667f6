import { constants, PerformanceObserver, type NodeGCPerformanceDetail } from 'node:perf_hooks';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { collectIfGrown, EXPORT_HEAP_GROWTH_BYTES } from '../../src/server/http/heap.js';

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

/** The full collections asked for (not V8's own) while `run` runs, as Node's performance timeline reports them. */
async function forcedCollections(run: () => void): Promise<number> {
  const flags: number[] = [];
  const observer = new PerformanceObserver((list) => {
    // A collection's entry carries its kind and flags in `detail`, which Node's types give only through toJSON().
    for (const entry of list.getEntries()) flags.push((entry.toJSON() as { detail: NodeGCPerformanceDetail }).detail.flags);
  });
  observer.observe({ entryTypes: ['gc'] });
  run();
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return flags.filter((flag) => flag & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED).length;
}

describe("an export's heap", () => {
  it('is collected once it holds more than the allowed growth, and not while it holds less', async () => {
    collectIfGrown();
    expect(await forcedCollections(() => collectIfGrown())).toBe(0);

    const before = heapUsed();
    // Rows an export has sent: held long enough to reach the old generation, then garbage.
    let sent: number[][] | null = Array.from({ length: 16 }, () => new Array<number>(EXPORT_HEAP_GROWTH_BYTES / 64).fill(0.5));
    expect(heapUsed() - before).toBeGreaterThan(EXPORT_HEAP_GROWTH_BYTES);
    sent = null;
    expect(sent).toBeNull();
    expect(await forcedCollections(() => collectIfGrown())).toBe(1);
    expect(heapUsed() - before).toBeLessThan(EXPORT_HEAP_GROWTH_BYTES / 2);
    expect(await forcedCollections(() => collectIfGrown())).toBe(0);
  });
});
