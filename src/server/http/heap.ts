import v8 from 'node:v8';
import vm from 'node:vm';

/** How far an export lets the heap grow past what it held after the last collection. */
export const EXPORT_HEAP_GROWTH_BYTES = 48 * 1024 * 1024;

const heapUsed = () => v8.getHeapStatistics().used_heap_size;

let collect: (() => void) | undefined;
let baseline: number | null = null;

/** V8's full collection: Node offers it only behind a flag, so the flag is set and the function read once. */
function fullCollection(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * Called between an export's batches: once the heap holds `EXPORT_HEAP_GROWTH_BYTES` more than after the last
 * collection, runs a full one. An export's rows die soon after they are read, but V8 moves those still alive at two
 * young-generation collections to the old generation and lets that grow to about four times the live heap before it
 * collects it, so a long export grew the server by far more than it ever held alive (bench/README.md). Each
 * collection pauses the process for the live heap's marking, so it runs only after that much growth.
 */
export function collectIfGrown() {
  const used = heapUsed();
  // The heap shrank on its own (V8 collected): growth is counted from there.
  if (baseline === null || used < baseline) baseline = used;
  if (used - baseline < EXPORT_HEAP_GROWTH_BYTES) return;
  collect ??= fullCollection();
  collect();
  baseline = heapUsed();
}
