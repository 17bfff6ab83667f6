// `npm run docs:architecture`: writes the floors of docs/ARCHITECTURE.md, from the code: the picture of which area
// imports which over the platform and the infrastructure (the import scan of scripts/import-graph.ts), and the
// domain events each area announces and handles (the areas' manifests). A test fails when the committed part is stale.
import fs from 'node:fs/promises';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { serverImports } from './import-graph.js';
import { domainEvents } from '../src/server/platform/events.js';
import { areas } from '../src/server/modules/areas.js';

export const architectureDocFile = fileURLToPath(new URL('../docs/ARCHITECTURE.md', import.meta.url));
const server = fileURLToPath(new URL('../src/server', import.meta.url));
const BEGIN = '<!-- floors: written by `npm run docs:architecture` from the code -->';
const END = '<!-- end of floors -->';

/** The folders (or files) under `dir` whose name is not one of `except`, without `.ts`. */
const namesIn = (dir: string, except: string[] = []) =>
  readdirSync(dir, { withFileTypes: true })
    .map((entry) => entry.name.replace(/\.ts$/, ''))
    .filter((name) => !except.includes(name) && !name.includes('.'))
    .sort();

/** Who announces each event: the areas' manifests, and the platform where it announces one itself. */
function announcers(event: string) {
  const byAreas = areas.filter((area) => area.announces?.includes(event as never)).map((area) => area.name);
  const platform = namesIn(path.join(server, 'platform')).filter((file) =>
    readFileSync(path.join(server, 'platform', `${file}.ts`), 'utf8').includes(`announce(db, '${event}'`),
  );
  return [...byAreas, ...platform.map((file) => `platform/${file}`)];
}

export async function floorsSection(): Promise<string> {
  const edges = serverImports().filter(
    (edge) => ![edge.from, edge.to].some((home) => home.startsWith('server/') || home === 'entry'),
  );
  const arrows = [...new Set(edges.map(({ from, to }) => `    ${from} --> ${to}`))].sort();
  const linked = new Set(edges.flatMap(({ from, to }) => [from, to]));
  const alone = areas.map((area) => area.name).filter((name) => !linked.has(name));
  const infrastructure = namesIn(server, ['modules', 'platform', 'scripts', 'app', 'main', 'serve', 'start-trace']);
  const picture = [
    '```mermaid',
    'flowchart TD',
    '  subgraph areas["Areas: src/server/modules/&lt;area&gt;, each reached through its index.ts"]',
    ...arrows,
    ...(alone.length ? [`    ${alone.join(' & ')}`] : []),
    '  end',
    '  subgraph platform["Platform: src/server/platform"]',
    `    floor["${namesIn(path.join(server, 'platform')).join(' · ')}"]`,
    '  end',
    '  subgraph infrastructure["Infrastructure: src/server"]',
    `    base["${infrastructure.join(' · ')}"]`,
    '  end',
    '  areas --> platform --> infrastructure',
    '```',
  ];
  const rows = domainEvents.map((event) => {
    const handlers = areas.filter((area) => area.handles?.[event]).map((area) => area.name);
    return `| \`${event}\` | ${announcers(event).join(', ')} | ${handlers.join(', ')} |`;
  });
  const text = [
    BEGIN,
    '',
    'Each arrow is an import, type imports too; an area higher in the picture may import one lower, never the reverse, and',
    'every area stands on the platform and the infrastructure, which import no area. `tests/unit/layering.test.ts` holds',
    'the graph to that.',
    '',
    ...picture,
    '',
    'Where a lower area would have to call a higher one, it announces a domain event (`platform/events.ts`) in its',
    'transaction, and the higher area handles it there, as its manifest declares (`handles`):',
    '',
    '| Event | Announced by | Handled by |',
    '| --- | --- | --- |',
    ...rows,
    '',
    END,
  ].join('\n');
  return prettier.format(text, { parser: 'markdown', printWidth: 120, proseWrap: 'preserve' });
}

/** docs/ARCHITECTURE.md with its floors written anew. */
export async function architectureDoc(current: string): Promise<string> {
  const start = current.indexOf(BEGIN);
  const end = current.indexOf(END);
  if (start < 0 || end < 0) throw new Error(`docs/ARCHITECTURE.md has no "${BEGIN}" … "${END}" part`);
  return current.slice(0, start) + (await floorsSection()).trimEnd() + current.slice(end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const current = await fs.readFile(architectureDocFile, 'utf8');
  await fs.writeFile(architectureDocFile, await architectureDoc(current));
  console.log(`Wrote the floors of ${path.relative(process.cwd(), architectureDocFile)}.`);
}
