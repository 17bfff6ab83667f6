// `npm start`: builds the web app and the server when they are missing or older than their sources, then runs
// the server in this process.
import { pathToFileURL } from 'node:url';
import { ensureBuilt, serverBundle } from './build.mjs';

await ensureBuilt();
process.env.NODE_ENV ??= 'production';
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
