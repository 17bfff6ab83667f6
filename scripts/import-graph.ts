// The server's areas as an import graph, read from the code: which area imports which (type imports included), the
// cycles among them, what each reaches, and the imports that pass another area's front door (its index.ts).
// `npx tsx scripts/import-graph.ts` prints it; `--mermaid` prints the picture docs/ARCHITECTURE.md shows.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const modules = path.join(root, 'src/server/modules');

export type Edge = { from: string; to: string; file: string; specifier: string; internal: boolean };

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` (NodeNext), a folder its index. */
function resolve(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base,
    `${base}.ts`,
    path.join(base, 'index.ts'),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/**
 * The entry points, which put the app together from every area: the server's start (`main.ts`, `serve.ts`, `app.ts`),
 * its commands (`scripts/`) and the list of areas (`modules/areas.ts`). They are neither an area nor a floor.
 */
const entryPoints = ['main.ts', 'serve.ts', 'app.ts', 'start-trace.ts', 'scripts', 'modules/areas.ts'];

/** Where a file of src/server lives: an area's name, `entry`, or the floor it stands on (`db`, `http`, `platform` …). */
export function homeOf(file: string): string {
  const relative = path.relative(path.join(root, 'src/server'), file).split(path.sep);
  if (entryPoints.some((entry) => relative.join('/') === entry || relative[0] === entry)) return 'entry';
  return relative[0] === 'modules' && relative.length > 2 ? relative[1]! : `server/${relative[0]!.replace(/\.ts$/, '')}`;
}

/** Every import between two places of src/server that crosses a folder, areas and floors alike. */
export function serverImports(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles(path.join(root, 'src/server'))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(file, specifier);
      if (!target || !target.startsWith(path.join(root, 'src/server'))) continue;
      const from = homeOf(file);
      const to = homeOf(target);
      if (from === to) continue;
      const internal = !to.startsWith('server/') && path.relative(path.join(modules, to), target) !== 'index.ts';
      edges.push({ from, to, file: path.relative(root, file), specifier, internal });
    }
  }
  return edges;
}

/** The strongly connected groups of more than one node (Tarjan's algorithm): each is an import cycle. */
export function cycles(edges: Pick<Edge, 'from' | 'to'>[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)!.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return groups;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const edges = serverImports();
  const areaEdges = edges.filter((edge) => !edge.from.startsWith('server/') && !edge.to.startsWith('server/'));
  const reach = new Map<string, Set<string>>();
  for (const { from, to } of areaEdges) reach.set(from, (reach.get(from) ?? new Set()).add(to));
  if (process.argv.includes('--mermaid')) {
    const pairs = [...new Set(areaEdges.map(({ from, to }) => `  ${from} --> ${to}`))].sort();
    console.log(['flowchart TD', ...pairs].join('\n'));
  } else {
    console.log('Cycles among areas:');
    for (const group of cycles(areaEdges)) console.log(`  ${group.length}: ${group.join(', ')}`);
    console.log('Cycles among areas and floors:');
    for (const group of cycles(edges)) console.log(`  ${group.length}: ${group.join(', ')}`);
    console.log('Floors importing areas:');
    for (const edge of edges.filter((e) => e.from.startsWith('server/') && !e.to.startsWith('server/')))
      console.log(`  ${edge.file} → ${edge.specifier}`);
    const internals = edges.filter((edge) => edge.internal && !edge.from.startsWith('server/'));
    console.log(`Imports of another area's internals: ${internals.length}`);
    for (const edge of internals) console.log(`  ${edge.file} → ${edge.specifier}`);
    console.log('Areas each area reaches:');
    for (const [area, to] of [...reach].sort((a, b) => b[1].size - a[1].size))
      console.log(`  ${area} ${to.size}: ${[...to].sort().join(' ')}`);
  }
}
