import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';

/**
 * The address of the server of this journey's worker: each worker has a server with data of its own
 * (scripts/e2e-server.mjs), so journeys of two workers never see each other's records.
 */
export function serverURL(info: Pick<TestInfo, 'parallelIndex'>) {
  const ports = process.env.E2E_PORTS!.split(',');
  return `http://127.0.0.1:${ports[info.parallelIndex % ports.length]}`;
}

type Role = 'admin' | 'agent';
const headers = { 'x-requested-with': 'torque' };

/** The worker's stored sessions, one file of cookies (Playwright's storage state) per demo role. */
export type Sessions = Record<Role, string>;

type JourneyFixtures = {
  /** A page signed in as the demo admin, in a browser context of its own made from the stored session. */
  adminPage: Page;
  /** A page signed in as the demo agent, in a browser context of its own made from the stored session. */
  agentPage: Page;
  demoKept: void;
};
type WorkerFixtures = { sessions: Sessions; demoRecords: DemoRecords };

export const test = base.extend<JourneyFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  baseURL: async ({}, use, testInfo) => use(serverURL(testInfo)),
  // Each demo role signs in once per worker, through the API, and the cookies are stored: every journey that only needs
  // to be signed in opens its context from them, and none spends time on signing in.
  sessions: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = serverURL(workerInfo);
      const dir = path.join(workerInfo.project.outputDir, '.sessions');
      const files = {} as Sessions;
      for (const role of ['admin', 'agent'] as const) {
        const request = await playwright.request.newContext({ baseURL });
        const response = await request.post('/api/session/demo', { data: { role }, headers });
        expect(response.ok(), await response.text()).toBe(true);
        files[role] = path.join(dir, `${role}-${new URL(baseURL).port}.json`);
        await request.storageState({ path: files[role] });
        await request.dispose();
      }
      await use(files);
    },
    { scope: 'worker' },
  ],
  adminPage: async ({ browser, sessions }, use) => {
    const context = await browser.newContext({ storageState: sessions.admin });
    await use(await context.newPage());
    await context.close();
  },
  agentPage: async ({ browser, sessions }, use) => {
    const context = await browser.newContext({ storageState: sessions.agent });
    await use(await context.newPage());
    await context.close();
  },
  demoRecords: [
    async ({ playwright, sessions }, use, workerInfo) => {
      const request = await playwright.request.newContext({ baseURL: serverURL(workerInfo), storageState: sessions.admin });
      const kept = await recordsOf(request);
      await request.dispose();
      const changedIn = async (read: (wanted: Set<string>) => Promise<Records>) => {
        const now = await read(new Set(kept.keys()));
        const changed = [...kept].filter(([key, record]) => now.get(key)?.version !== record.version);
        // Named once: the journeys after the one that changed them are not blamed for it.
        for (const [key] of changed) {
          const record = now.get(key);
          if (record) kept.set(key, record);
          else kept.delete(key);
        }
        return changed.map(([, record]) => record.name);
      };
      await use({ changedIn });
    },
    { scope: 'worker' },
  ],
  // After each journey, the demo's records are as they were: a journey makes the records it changes (see recordsOf).
  demoKept: [
    async ({ playwright, sessions, demoRecords }, use, testInfo) => {
      await use();
      const request = await playwright.request.newContext({ baseURL: serverURL(testInfo), storageState: sessions.admin });
      const changed = await demoRecords.changedIn((wanted) => recordsOf(request, wanted));
      await request.dispose();
      if (changed.length > 0)
        throw new Error(
          `This journey changed records of the demo, which other journeys read: ${changed.join('; ')}. ` +
            'Make the records a journey changes (through the API), or put back what it changed.',
        );
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The records the demo seeded, as the admin reads them: its customers, vehicles and deals (each by its version), the
 * company settings and each agent's commission rate. The journeys of a worker share its server, one after another and
 * in any order: one that changes what the demo seeded changes what the next one reads.
 */
type DemoRecords = { changedIn: (now: (wanted: Set<string>) => Promise<Records>) => Promise<string[]> };
/** A record's key (its kind and id) → what names it, and its version. */
type Records = Map<string, { name: string; version: string }>;

/**
 * The items of a list, page after page, oldest first where the list can be so sorted: once every id of `wanted` is
 * among them, the newer pages (records journeys added) are left unread.
 */
async function itemsOf(request: APIRequestContext, url: string, kind: string, wanted?: Set<string>) {
  const items: Record<string, unknown>[] = [];
  const missing = new Set([...(wanted ?? [])].filter((key) => key.startsWith(`${kind} `)));
  for (let cursor: string | null = ''; cursor !== null && (!wanted || missing.size > 0);) {
    const response = await request.get(`${url}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(response.ok(), url).toBe(true);
    const page = (await response.json()) as { items: Record<string, unknown>[]; nextCursor: string | null };
    items.push(...page.items);
    for (const item of page.items) missing.delete(`${kind} ${String(item.id)}`);
    cursor = page.nextCursor;
  }
  return items;
}

/** The records a journey could change, as the admin reads them (`wanted`: the keys to read at least). */
async function recordsOf(request: APIRequestContext, wanted?: Set<string>): Promise<Records> {
  const json = async (url: string) => {
    const response = await request.get(url);
    expect(response.ok(), url).toBe(true);
    return response.json();
  };
  const [customers, vehicles, deals, settings, agents] = await Promise.all([
    itemsOf(request, '/api/customers?sort=oldest&', 'customer', wanted),
    itemsOf(request, '/api/vehicles?sort=oldest&', 'vehicle', wanted),
    itemsOf(request, '/api/deals?', 'deal', wanted),
    json('/api/settings'),
    json('/api/accounting/agents') as Promise<{ agents: { agent_name: string; commission_rate: number; own_rate: boolean }[] }>,
  ]);
  const records: Records = new Map();
  for (const [kind, items] of [
    ['customer', customers],
    ['vehicle', vehicles],
    ['deal', deals],
  ] as const)
    for (const item of items)
      records.set(`${kind} ${String(item.id)}`, {
        name: `${kind} ${String(item.name ?? item.model ?? item.customer_name)} (${String(item.id)})`,
        version: String(item.updated_at),
      });
  records.set('settings', { name: 'the settings', version: JSON.stringify(settings) });
  for (const agent of agents.agents)
    records.set(`rate ${agent.agent_name}`, {
      name: `the commission rate of ${agent.agent_name}`,
      version: JSON.stringify([agent.commission_rate, agent.own_rate]),
    });
  return records;
}

/**
 * Opens `path` (the dashboard unless told) signed in as the demo `role` with a new session of its own, made through the
 * API: for a journey that signs out, switches to another user or needs a second session; any other journey takes a
 * page of the stored sessions (`adminPage`, `agentPage`). `e2e/shell.spec.ts` signs in through the screen itself.
 */
export async function signIn(page: Page, role: Role, path = '/dashboard') {
  await page.context().clearCookies();
  const response = await page.request.post('/api/session/demo', { data: { role }, headers });
  expect(response.ok(), await response.text()).toBe(true);
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
}

/** Opens `path` on `page` and waits until the app is on it (a signed-out page would be sent to sign-in instead). */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL((url) => url.pathname === new URL(path, url).pathname);
}

/**
 * Opens `path` in the app the page has loaded, as its links do (the router follows the history), so each screen pays
 * for its own rendering and not for loading the app again. The router renders the new screen in a transition, keeping
 * the settled one until the new one is ready: the walk goes on once the app's content has changed, and then waits, as
 * after a page load, for the new screen's loading words to go.
 */
export async function showScreen(page: Page, path: string) {
  await page.evaluate(async (to) => {
    if (location.pathname + location.search === to) return;
    const root = document.getElementById('root')!;
    const before = root.innerHTML;
    const changed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (root.innerHTML === before) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    await changed;
  }, path);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
}

/** Signs in through the sign-in screen's demo buttons, with a session of its own, and waits for the dashboard. */
export async function signInOnScreen(page: Page, role: Role) {
  await page.goto('/');
  await page.getByRole('button', { name: role === 'admin' ? 'Admin Demo' : 'Agent Demo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The welcome toast sits over the top right of the page for a few seconds: once it is in place, a later click on
  // a button under it waits for it instead of racing its arrival.
  await expect(page.getByText('Demo Login Successful')).toBeVisible();
}

/**
 * The accessibility check of what `page` shows, reporting violations only. It runs in the page itself (axe's legacy
 * mode: the app has no frames from other origins to reach) and skips the selectors of every passing node: the blank
 * page axe otherwise opens to gather each run's results, and those selectors, were more than half of each check's time
 * (1.6 s to 0.7 s a screen, alone on two cores).
 */
export const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] });

/** A name no other test (or earlier run on the same data) has used. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A mail the e2e server's SMTP peer received (see scripts/e2e-server.mjs). */
export type ReceivedMail = { to: string[]; subject: string; text: string };

/** The newest mail the e2e server's SMTP peer received for `to`, once it has arrived. */
export async function mailTo(to: string): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort().reverse() : [];
        for (const file of files) {
          const mail = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
          if (mail.to.includes(to)) return (found = mail);
        }
        return undefined;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return found!;
}

export { screens } from './screens';

export type Member = { page: Page; id: string; name: string; close: () => Promise<void> };

/**
 * A new member of the team, of `role`, invited by the admin signed in on `adminPage` and joined through the invitation,
 * signed in on a page of a browser context of their own (the journey's own user, so a journey never shares one).
 */
export async function joinTeam(adminPage: Page, browser: Browser, role: 'agent' | 'editor', name: string): Promise<Member> {
  const headers = { 'x-requested-with': 'torque' };
  const email = `${unique(name).toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const invited = await adminPage.request.post('/api/team/invitations', { headers, data: { email, role, send: false } });
  expect(invited.status(), await invited.text()).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  // The journey's own server, as every context a journey opens.
  const context = await browser.newContext();
  const page = await context.newPage();
  const joined = await page.request.post('/api/invitations/accept', {
    headers,
    data: { token: link.split('/invite/')[1], name, password: 'a long walk to the lot' },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const { user } = (await joined.json()) as { user: { id: string } };
  return { page, id: user.id, name, close: () => context.close() };
}

/** A text to the dealership's number as the SMS provider posts it to the signed SMS hook (its secret is an admin's). */
export async function textIn(admin: Page, from: string, body: string) {
  const hooks = await (await admin.request.get('/api/settings/hooks')).json();
  const secret = hooks.items.find((hook: { name: string }) => hook.name === 'sms').secret as string;
  const payload = JSON.stringify({ from, body, message_id: crypto.randomUUID() });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
  const posted = await admin.request.post('/api/hooks/sms', {
    headers: { 'content-type': 'application/json', 'x-torque-timestamp': timestamp, 'x-torque-signature': signature },
    data: payload,
  });
  expect(posted.status()).toBe(200);
}
