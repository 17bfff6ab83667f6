// Builds of the web app and the server, shared by `npm start`, the browser journeys' server and the benchmarks.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(import.meta.dirname, '..');
export const serverBundle = path.join(root, 'dist/server/main.js');
const webIndex = path.join(root, 'dist/web/index.html');

/** Runs `vite build`, into `outDir` when given (else Vite's own, dist/web); a failed build ends this process. */
export function buildWeb(outDir) {
  const args = [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'];
  if (outDir) args.push('--outDir', outDir);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Packages the server bundle leaves in node_modules: those with native code or files of their own (the embedded
 * database's WebAssembly and data, Argon2, resvg, libvips, the API docs' pages, emoji and fonts), and the large ones loaded on
 * first use. Every other package is bundled in: loading some 170 packages as a few thousand small files took a
 * third of a restart (0.2 s of file look-ups, reads and compiles), one file takes a fraction of it.
 */
const keptOut = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  '@resvg/resvg-js',
  '@fastify/swagger-ui',
  '@twemoji/svg',
  '@fontsource/inter',
  'pdf-lib',
  'satori',
  'better-auth',
  '@aws-sdk/client-s3',
  // libvips, native, for vehicle photos. (libheif, for HEIC photos, is required by its own thread from node_modules.)
  'sharp',
  // node-postgres's optional native driver, never installed.
  'pg-native',
];
const external = keptOut.flatMap((name) => [name, `${name}/*`]);

/**
 * The server as one module, into `outDir` when given (else dist/server): loading it skips the TypeScript loader
 * and thousands of file look-ups at start.
 */
export async function buildServer(outDir = path.dirname(serverBundle)) {
  // A build's chunks are named by their content: those of earlier builds go.
  fs.rmSync(path.join(outDir, 'chunks'), { recursive: true, force: true });
  await build({
    // The embedded database's thread is a module of its own, beside main.js (main.ts names it so).
    entryPoints: {
      main: path.join(root, 'src/server/main.ts'),
      'embedded-worker': path.join(root, 'src/server/db/embedded-worker.ts'),
    },
    outdir: outDir,
    // Modules loaded on first use (better-auth, the S3 client, pdf-lib) stay out of the start-up path as chunks.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    // Bundled CommonJS packages call `require` for Node's own modules; an ES module has none until it is made.
    banner: {
      js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
    },
    // Stack traces name the sources' files and lines; the sources themselves are not copied into the map.
    sourcemap: true,
    sourcesContent: false,
    logLevel: 'warning',
  });
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const staleAgainst = (file, dirs) => builtAt(file) < Math.max(...dirs.map((d) => newestSource(path.join(root, d))));

/** Builds whatever is missing or older than its sources. */
export async function ensureBuilt() {
  if (staleAgainst(webIndex, ['src/web', 'src/shared'])) {
    console.log('Building the web app...');
    buildWeb();
  }
  if (staleAgainst(serverBundle, ['src/server', 'src/shared'])) {
    console.log('Building the server...');
    await buildServer();
  }
}

// `npm run build`: the web app and the server, whatever their age.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildWeb();
  await buildServer();
  console.log('Built dist/web and dist/server.');
}
