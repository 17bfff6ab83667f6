/**
 * Vehicle photos as a salesperson's phone sends them: `npm run bench:photos` (the embedded database in a new temp
 * folder) or `DATABASE_URL=postgres://… npm run bench:photos` (that database, migrated if need be; the vehicles the
 * bench adds are deleted after).
 *
 * 1. The pictures, made once and kept in the temp folder: a phone's 4032×3024 JPEG (12 megapixels, light across a
 *    subject with a sensor's grain, so it compresses as a photo does) and the same picture as a HEIC, by libheif's
 *    heif-enc (Debian's libheif-examples).
 * 2. In this process, agent0 signs in and one upload is answered through `inject` while every SQL statement it sends is
 *    recorded: the floor's script.
 * 3. For each picture and each CONNECTIONS (2 and 4), the built server starts as its own process and a second process
 *    adds a vehicle over HTTP and uploads PHOTOS (30) photos to it, CONNECTIONS at a time, as the photo screen sends
 *    several side by side (a new vehicle after each 40, the most one takes), timing each from sending to the answer;
 *    two uploads first, not counted, load the image code. The server's resident memory is read before and its peak
 *    (VmHWM) after.
 * 4. The floor: the recorded SQL with a new photo id each time, as many uploads over as many connections, by pgbench
 *    (embedded, where no pgbench can connect: back to back on the engine's one connection). `ratio` is photos a second
 *    over the floor's uploads a second.
 *
 * Settings: PHOTOS, CONNECTIONS (a list: `CONNECTIONS=1,2,4`), SHOW_SQL=1 to print one upload's statements.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { createBenchUsers } from '../src/server/scripts/bench-users.js';
import { MAX_PHOTOS_PER_VEHICLE } from '../src/shared/vehicles/photos.js';
import { memoryOf, percentile, pgbenchRounds, sqlRecorder, startApp, startServerProcess } from './lib.js';

const root = path.resolve(import.meta.dirname, '..');
const PHOTOS = Number(process.env.PHOTOS ?? 30);
const CONNECTIONS = (process.env.CONNECTIONS ?? '2,4').split(',').map(Number);

type Picture = { label: string; file: string; type: string; name: string };
type UploadPlan = Picture & { base: string; cookie: string; photos: number; connections: number };
type UploadResult = {
  latencies: number[];
  wallMs: number;
  failed: number;
  firstFailure: string | null;
  vehicleIds: string[];
  /** The answer times of /api/health, asked every 100 ms while the photos go up: what every other user waits. */
  health: number[];
};

/** A vehicle as the New Vehicle form adds it, for the photos to go on. */
const vehicle = { make: 'Toyota', model: 'RAV4', year: 2022, mileage: 31_200, price_cents: 27_900_00, condition: 'used' };

// The uploader: `tsx bench/photos.ts upload '<plan>'` adds the vehicles, uploads the photos and prints one JSON line.
if (process.argv[2] === 'upload') {
  const plan = JSON.parse(process.argv[3]!) as UploadPlan;
  const headers = { cookie: plan.cookie, 'x-requested-with': 'torque' };
  const picture = new Blob([await fs.promises.readFile(plan.file)], { type: plan.type });
  const addVehicle = async () => {
    const response = await fetch(`${plan.base}/api/vehicles`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(vehicle),
    });
    if (response.status !== 201) throw new Error(`adding a vehicle: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  const upload = async (vehicleId: string) => {
    const form = new FormData();
    form.append('file', picture, plan.name);
    const started = performance.now();
    const response = await fetch(`${plan.base}/api/vehicles/${vehicleId}/photos`, { method: 'POST', headers, body: form });
    const body = await response.text();
    return { ms: performance.now() - started, status: response.status, body };
  };
  const warmUp = await addVehicle();
  for (let i = 0; i < 2; i++) await upload(warmUp);
  const vehicleIds: string[] = [];
  for (let i = 0; i < Math.ceil(plan.photos / MAX_PHOTOS_PER_VEHICLE); i++) vehicleIds.push(await addVehicle());
  const results: Awaited<ReturnType<typeof upload>>[] = [];
  let next = 0;
  let uploading = true;
  const health: number[] = [];
  const probe = (async () => {
    while (uploading) {
      const asked = performance.now();
      await fetch(`${plan.base}/api/health`).then((r) => r.arrayBuffer());
      health.push(performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: plan.connections }, async () => {
      for (let i = next++; i < plan.photos; i = next++)
        results.push(await upload(vehicleIds[Math.floor(i / MAX_PHOTOS_PER_VEHICLE)]!));
    }),
  );
  const wallMs = performance.now() - started;
  uploading = false;
  await probe;
  const failures = results.filter((r) => r.status !== 201);
  const result: UploadResult = {
    // A refused upload is not a latency: it is counted, and printed below the table.
    latencies: results
      .filter((r) => r.status === 201)
      .map((r) => r.ms)
      .sort((a, b) => a - b),
    wallMs,
    failed: failures.length,
    firstFailure: failures[0] ? `${failures[0].status} ${failures[0].body.slice(0, 200)}` : null,
    vehicleIds: [warmUp, ...vehicleIds],
    health: health.sort((a, b) => a - b),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

const WIDTH = 4032;
const HEIGHT = 3024;

/** A phone's picture as raw RGB: light falling across a subject, with a sensor's grain. */
function phonePicture(): Buffer {
  const pixels = new Uint8ClampedArray(WIDTH * HEIGHT * 3);
  let state = 0x2545f491;
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const grain = ((state >>> 0) % 17) - 8;
      const light = Math.sin(x / 230 + y / 410) * Math.cos(y / 170) * 45;
      const at = (y * WIDTH + x) * 3;
      pixels[at] = 70 + (140 * x) / WIDTH + light + grain;
      pixels[at + 1] = 60 + (120 * y) / HEIGHT + light * 0.8 + grain;
      pixels[at + 2] = 110 + 50 * Math.sin(x / 97) * Math.sin(y / 83) + grain;
    }
  }
  return Buffer.from(pixels.buffer);
}

/** The JPEG and HEIC, made once and kept in the temp folder. */
async function pictures(): Promise<Picture[]> {
  const jpeg = path.join(os.tmpdir(), `torque-bench-photo-${WIDTH}x${HEIGHT}.jpg`);
  const heic = path.join(os.tmpdir(), `torque-bench-photo-${WIDTH}x${HEIGHT}.heic`);
  if (!fs.existsSync(jpeg) || !fs.existsSync(heic)) {
    const { default: sharp } = await import('sharp');
    const raw = sharp(phonePicture(), { raw: { width: WIDTH, height: HEIGHT, channels: 3 } });
    await raw.clone().jpeg({ quality: 92 }).toFile(jpeg);
    const png = path.join(os.tmpdir(), `torque-bench-photo-${process.pid}.png`);
    await raw.clone().png({ compressionLevel: 1 }).toFile(png);
    const encoded = spawnSync('heif-enc', ['-q', '50', '-o', heic, png], { encoding: 'utf8' });
    fs.rmSync(png, { force: true });
    if (encoded.status !== 0) throw new Error(`heif-enc (Debian: apt-get install libheif-examples): ${encoded.stderr}`);
  }
  return [
    { label: 'JPEG', file: jpeg, type: 'image/jpeg', name: 'IMG_0001.jpg' },
    { label: 'HEIC', file: heic, type: 'image/heic', name: 'IMG_0001.HEIC' },
  ];
}

/** A picture as one multipart body with its `file` field, as the photo screen sends it. */
async function multipart(picture: Picture) {
  const form = new FormData();
  form.append('file', new Blob([await fs.promises.readFile(picture.file)], { type: picture.type }), picture.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/**
 * One upload's SQL, recorded in this process, on a vehicle of its own: each replay writes a new photo, so the photo's
 * id (its row's and its keys') becomes a new one each time.
 */
async function uploadSql(database: Database, dataDir: string, picture: Picture) {
  // The job queue and the instance lock run on their own timers: not the upload's.
  const recorder = sqlRecorder(/pgboss|pg_advisory/i);
  const { app, cookies } = await startApp({ database, dataDir });
  const headers = { cookie: cookies.agent, 'x-requested-with': 'torque' };
  const added = await app.inject({ method: 'POST', url: '/api/vehicles', headers, payload: vehicle });
  if (added.statusCode !== 201) throw new Error(`adding a vehicle: ${added.statusCode} ${added.body}`);
  const vehicleId = added.json<{ id: string }>().id;
  const body = await multipart(picture);
  const upload = () =>
    app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicleId}/photos`,
      headers: { ...headers, 'content-type': body.type },
      payload: body.payload,
    });
  await upload();
  recorder.start();
  const recorded = await upload();
  const statements = recorder.stop();
  if (recorded.statusCode !== 201) throw new Error(`upload: ${recorded.statusCode} ${recorded.body}`);
  const photoId = recorded.json<{ id: string }>().id;
  const script = statements.map((s) =>
    s.replaceAll(`'${photoId}'`, 'gen_random_uuid()').replaceAll(`${photoId}-`, `' || gen_random_uuid() || '-`),
  );
  return { app, cookie: cookies.agent, vehicleId, script };
}

/** Embedded: the upload's SQL back to back on the engine's one connection, `times` times; milliseconds each. */
async function backToBack(database: Database, script: string[], times: number) {
  const started = performance.now();
  for (let i = 0; i < times; i++) for (const statement of script) await database.pool.query(statement);
  return (performance.now() - started) / times;
}

/** The uploader (above) in a process of its own, so its work never shares the server's event loop. */
function uploadFrom(plan: UploadPlan): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'bench/photos.ts', 'upload', JSON.stringify(plan)],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as UploadResult) : reject(new Error(`uploader ended with ${code}`)),
    );
  });
}

const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'embedded';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'torque-bench-photos-'));
// The photos' files go to the data folder on either database.
const target = serverUrl ? { DATABASE_URL: serverUrl, DATA_DIR: dataDir } : { DATA_DIR: dataDir };
const built = spawnSync(process.execPath, ['-e', "import('./scripts/build.mjs').then((m) => m.ensureBuilt())"], {
  cwd: root,
  stdio: 'inherit',
});
if (built.status !== 0) throw new Error('the build failed');
const [jpeg, heic] = await pictures();

// 1–2. The salesperson, and one upload's SQL.
const database: Database = serverUrl
  ? await openDatabase({ kind: 'postgres', url: serverUrl, max: 4 })
  : await openDatabase({ kind: 'embedded', dataDir });
await migrateToLatest(database.db);
await createBenchUsers(database, 1);
const recorded = await uploadSql(database, dataDir, jpeg!);
if (process.env.SHOW_SQL) for (const statement of recorded.script) console.log(`  ${statement.replace(/\s+/g, ' ')};`);
const embeddedMs = kind === 'embedded' ? await backToBack(database, recorded.script, PHOTOS) : 0;
await recorded.app.close();
// The embedded engine's folder is the server's alone once it starts.
await database.close();

// 3. The server in its own process for each run, the photos sent from another.
const runs: { picture: Picture; connections: number; result: UploadResult; before: number; peak: number }[] = [];
const added = [recorded.vehicleId];
try {
  for (const picture of [jpeg!, heic!]) {
    for (const connections of CONNECTIONS) {
      const server = await startServerProcess(target);
      try {
        const before = memoryOf(server.pid, 'VmRSS');
        const result = await uploadFrom({ ...picture, base: server.base, cookie: recorded.cookie, photos: PHOTOS, connections });
        added.push(...result.vehicleIds);
        runs.push({ picture, connections, result, before, peak: memoryOf(server.pid, 'VmHWM') });
      } finally {
        await server.stop();
      }
    }
  }

  // 4. The floor, on the same data, once the server has stopped.
  const floors = new Map(
    CONNECTIONS.map((c) => [
      c,
      kind === 'postgres' ? pgbenchRounds(serverUrl!, recorded.script, c, PHOTOS).tps : 1000 / embeddedMs,
    ]),
  );
  const megabytes = (file: string) => (fs.statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(
    `\nPhoto uploads (${kind === 'postgres' ? 'PostgreSQL' : 'embedded'}) · ${PHOTOS} photos a run, as agent0 · ` +
      `JPEG ${WIDTH}×${HEIGHT} ${megabytes(jpeg!.file)} MB, HEIC ${megabytes(heic!.file)} MB · ` +
      `${os.availableParallelism()} cores · ${new Date().toISOString().slice(0, 10)}\n`,
  );
  console.log(
    '| photo | in flight | p50 ms | p95 ms | p99 ms | photos/s | floor tx/s | floor ms | ratio | server memory | health p95 / max ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  const ms = (value: number) => value.toFixed(1);
  for (const { picture, connections, result, before, peak } of runs) {
    const floor = floors.get(connections)!;
    const perSecond = result.latencies.length / (result.wallMs / 1000);
    const at = (p: number) => (result.latencies.length ? ms(percentile(result.latencies, p)) : '—');
    console.log(
      `| ${picture.label} | ${connections} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${perSecond.toFixed(2)} | ` +
        `${Math.round(floor).toLocaleString('en-US')} | ${ms((connections * 1000) / floor)} | ` +
        `${((perSecond / floor) * 100).toFixed(2)} % | ${Math.round(before)} → peak ${Math.round(peak)} MB | ` +
        `${ms(percentile(result.health, 0.95))} / ${ms(result.health.at(-1) ?? 0)} |`,
    );
    if (result.failed) console.log(`  ${result.failed} failed (first: ${result.firstFailure})`);
  }
  console.log(
    `\nfloor: ${kind === 'postgres' ? `pgbench -M simple, as many uploads over as many connections` : `the same SQL back to back on the embedded engine's one connection, ${ms(embeddedMs)} ms an upload`}; ` +
      `statements per upload: ${recorded.script.length}`,
  );
} finally {
  if (serverUrl) {
    const cleanup = await openDatabase({ kind: 'postgres', url: serverUrl, max: 1 });
    await cleanup.pool.query('DELETE FROM vehicles WHERE id = ANY($1::uuid[])', [added]);
    await cleanup.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
