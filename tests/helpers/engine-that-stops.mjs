// An engine thread that opens and then ends at once, as a thread would if its engine crashed.
import { parentPort } from 'node:worker_threads';

parentPort.postMessage({ ready: true });
setTimeout(() => process.exit(3), 50);
