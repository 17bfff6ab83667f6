import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server bundle `npm start` runs (built by the global setup as TORQUE_TEST_SERVER) keeps the packages that only
 * some requests need out of the start-up path: they load on first use, from chunks of their own or from node_modules.
 * A static import of one of them anywhere on the path from `main.js` puts it back into every restart (pdf-lib and
 * satori with resvg alone took about 250 ms of it; the common passwords and the world's cities most of another 75 ms).
 */
const loadedOnFirstUse = [
  'pdf-lib',
  'satori',
  '@resvg/resvg-js',
  'better-auth',
  '@aws-sdk/client-s3',
  '@zxcvbn-ts/language-common',
  'city-timezones',
  'sharp',
  'heic-decode',
  'qrcode',
];

/**
 * The packages `file` and the bundle's chunks it imports statically load, followed through those chunks: those
 * imported from node_modules, and those bundled in (esbuild heads each module it inlines with its path). With
 * `entry`, the chunks `file` itself imports with `import("./…")` too: `main.js` loads the rest of the server so,
 * while the database opens.
 */
function staticPackages(file: string, seen = new Set<string>(), entry = false): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  // Static imports only: `import … from "x"` and `import "x"`, not `import("x")`.
  const imports = [...text.matchAll(/^(?:import|export)\b[^;(]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)].map(
    ([, from, bare]) => (from ?? bare)!,
  );
  if (entry) imports.push(...[...text.matchAll(/\bimport\("(\.[^"]+)"\)/g)].map(([, specifier]) => specifier!));
  for (const specifier of imports) {
    if (specifier.startsWith('.')) {
      for (const name of staticPackages(path.resolve(path.dirname(file), specifier), seen)) packages.add(name);
    } else packages.add(specifier);
  }
  for (const [, name] of text.matchAll(/^\/\/ node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)) packages.add(name!);
  return packages;
}

describe('the server bundle', () => {
  it('loads the PDF and image writers, better-auth, the S3 client, the password list and the cities on first use', () => {
    const bundle = process.env.TORQUE_TEST_SERVER!;
    expect(fs.existsSync(bundle)).toBe(true);
    const loaded = staticPackages(bundle, new Set(), true);
    // The walk reads the bundle's static imports and what it bundles: the database and the web framework are among them.
    expect(loaded).toContain('fastify');
    expect(loaded).toContain('pg');
    const eager = [...loaded].filter((name) => loadedOnFirstUse.some((lazy) => name === lazy || name.startsWith(`${lazy}/`)));
    expect(eager).toEqual([]);
  });
});
