import type { Page } from '@playwright/test';
import { totp } from '../tests/helpers/totp';
import { axe, expect, open, screens, serverURL, showScreen, test as base } from './fixtures';

/** The first link on a list screen to one of its records. */
async function firstRecord(page: Page, list: string, pattern: RegExp) {
  await showScreen(page, list);
  const find = async () =>
    (await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).find((h) =>
      pattern.test(h),
    );
  await expect.poll(find, { message: list }).toBeTruthy();
  return (await find())!;
}

/** The address of a customer who has opted out of e-mail. */
async function optedOutAddress(page: Page) {
  const headers = { 'x-requested-with': 'torque' };
  const email = `a11y.optout.${Date.now()}@example.com`;
  const customer = await page.request.post('/api/customers', { data: { name: 'Ona Optout', email }, headers });
  await page.request.post(`/api/customers/${(await customer.json()).id}/consent`, {
    data: { channel: 'email', status: 'opted_out', source: 'phone' },
    headers,
  });
  return email;
}

/** Resolves once the colours the theme changed have stopped moving: a button half-way through its transition has the
 * contrast of neither theme. */
const transitionsDone = (page: Page) =>
  page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'));

const listed = (violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[], theme: string) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${theme}: ${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );

/**
 * The serious and critical violations of the screen `page` shows: every rule in the light theme, then, on the same
 * screen switched to the dark theme as the system's preference switches it (the app follows it unless told otherwise),
 * the colour contrast alone: the dark theme changes colours, not the structure the other rules read.
 */
async function seriousViolations(page: Page) {
  // The screen has settled: no loading words left.
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  // Checked as a user who turned animations off sees it: a toast half-way through fading in or out has the contrast
  // of neither end.
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await transitionsDone(page);
  const light = await axe(page).analyze();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await transitionsDone(page);
  const dark = await axe(page).withRules(['color-contrast']).analyze();
  return [...listed(light.violations, 'light'), ...listed(dark.violations, 'dark')];
}

/**
 * The walk's journeys share one signed-in page per worker (a failure gives the worker's next journey a new one), each
 * loading only its screen: in a journey's own page, loading the app again was most of each screen's time.
 */
const test = base.extend<object, { walker: Page }>({
  walker: [
    async ({ browser, sessions }, use, workerInfo) => {
      const context = await browser.newContext({
        baseURL: serverURL(workerInfo),
        viewport: workerInfo.project.use.viewport,
        storageState: sessions.admin,
      });
      const page = await context.newPage();
      await open(page, '/dashboard');
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** The screens with a record of the demo's: its page and its edit form (and a deal's desk and dealer offers). */
const recordScreens = [
  ['/customers', /^\/customers\/[0-9a-f-]{36}$/, ['/edit']],
  ['/inventory', /^\/inventory\/[0-9a-f-]{36}$/, ['/edit']],
  ['/deals?tab=deals', /^\/deals\/[0-9a-f-]{36}$/, ['/edit', '/desk', '/offers']],
] as const;

// One journey per screen, each with its own time, so that a slow or failing screen names itself.
test('the sign-in screen has no serious or critical accessibility violation in either theme', async ({ page }) => {
  await page.goto('/');
  expect(await seriousViolations(page), '/').toEqual([]);
});

for (const path of screens) {
  test(`${path} has no serious or critical accessibility violation in either theme`, async ({ walker }) => {
    await showScreen(walker, path);
    expect(await seriousViolations(walker), path).toEqual([]);
  });
}

for (const [list, pattern, forms] of recordScreens) {
  test(`a record of ${list} and its forms have no serious or critical violation in either theme`, async ({ walker }) => {
    const record = await firstRecord(walker, list, pattern);
    for (const path of [record, ...forms.map((form) => `${record}${form}`)]) {
      await showScreen(walker, path);
      expect(await seriousViolations(walker), path).toEqual([]);
    }
  });
}

test('an invitation, an open chat and the chat panel have no serious or critical violation in either theme', async ({
  adminPage: page,
}) => {
  const invitation = await page.request.post('/api/team/invitations', {
    data: { email: `a11y.${Date.now()}@example.com`, role: 'agent', send: false },
    headers: { 'x-requested-with': 'torque' },
  });
  const invitePage = new URL((await invitation.json()).link).pathname;
  await page.goto(invitePage);
  expect(await seriousViolations(page), invitePage).toEqual([]);
  const company = await page.request.post('/api/chat/channels/company', { headers: { 'x-requested-with': 'torque' } });
  await page.goto(`/chat?chat=${(await company.json()).id}`);
  await expect(page.getByRole('log')).toBeVisible();
  expect(await seriousViolations(page), 'an open chat').toEqual([]);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Team chat/ }).click();
  await expect(page.getByRole('textbox', { name: 'Message Company channel' })).toBeVisible();
  expect(await seriousViolations(page), 'the chat panel').toEqual([]);
});

test('compose refusing an opted-out address has no serious or critical violation in either theme', async ({
  adminPage: page,
}) => {
  await open(page, '/communications');
  const compose = page.getByRole('form', { name: 'Compose an e-mail' });
  await compose.getByLabel('To').fill(await optedOutAddress(page));
  await compose.getByLabel('Subject').fill('Offer');
  await compose.getByLabel('Message', { exact: true }).fill('A deal for you.');
  await compose.getByRole('button', { name: 'Send Email' }).click();
  await expect(compose.getByRole('alert')).toContainText('has opted out of e-mail');
  await expect(compose.getByText('Opted out of e-mail', { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the two-factor screens have no serious or critical accessibility violation in either theme', async ({
  adminPage: page,
  browser,
}) => {
  // A new admin, whom the default security setting sends to /two-factor-setup; then the code step of sign-in.
  const email = `a11y.2fa.${Date.now()}@example.com`;
  const password = 'quiet harbour lights';
  const headers = { 'x-requested-with': 'torque' };
  const invitation = await page.request.post('/api/team/invitations', { data: { email, role: 'admin', send: false }, headers });
  const token = new URL((await invitation.json()).link).pathname.split('/invite/')[1];
  const context = await browser.newContext();
  await context.request.post('/api/invitations/accept', { data: { token, name: 'Ari Audit', password }, headers });
  const user = await context.newPage();
  await user.goto('/two-factor-setup');
  expect(await seriousViolations(user), 'set-up: password').toEqual([]);
  await user.getByLabel('Password', { exact: true }).fill(password);
  await user.getByRole('button', { name: 'Continue' }).click();
  await expect(user.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  expect(await seriousViolations(user), 'set-up: QR code').toEqual([]);
  const secret = ((await user.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  await user.getByLabel('Code from the app').fill(totp(secret));
  await user.getByRole('button', { name: 'Turn on' }).click();
  await expect(user.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  expect(await seriousViolations(user), 'set-up: recovery codes').toEqual([]);
  await user.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(user).toHaveURL(/\/dashboard$/);
  await context.clearCookies();
  await user.goto('/');
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Password', { exact: true }).fill(password);
  await user.getByRole('button', { name: 'Sign In' }).click();
  await expect(user.getByLabel('Authentication code')).toBeVisible();
  expect(await seriousViolations(user), 'sign-in: code').toEqual([]);
  await context.close();
});
