import type { Browser, Page, TestInfo } from '@playwright/test';
import { totp } from '../tests/helpers/totp';
import { axe, expect, screens, serverURL, showScreen, signIn, test } from './fixtures';

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
async function optedOutAddress(page: Page, theme: string) {
  const headers = { 'x-requested-with': 'torque' };
  const email = `a11y.optout.${theme}.${Date.now()}@example.com`;
  const customer = await page.request.post('/api/customers', { data: { name: 'Ona Optout', email }, headers });
  await page.request.post(`/api/customers/${(await customer.json()).id}/consent`, {
    data: { channel: 'email', status: 'opted_out', source: 'phone' },
    headers,
  });
  return email;
}

async function seriousViolations(page: Page) {
  // The screen has settled: no loading words left.
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  // Checked as a user who turned animations off sees it: a toast half-way through fading in or out has the contrast
  // of neither end.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { violations } = await axe(page).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

/** A page of its own context, with the project's address and screen. */
async function newPage(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: serverURL(testInfo), viewport: testInfo.project.use.viewport });
  return context.newPage();
}

const themed = (page: Page, theme: string) => page.addInitScript((t) => localStorage.setItem('ui-theme', t), theme);

/** The screens with a record of the demo's: its page and its edit form (and a deal's desk and dealer offers). */
const recordScreens = [
  ['/customers', /^\/customers\/[0-9a-f-]{36}$/, ['/edit']],
  ['/inventory', /^\/inventory\/[0-9a-f-]{36}$/, ['/edit']],
  ['/deals?tab=deals', /^\/deals\/[0-9a-f-]{36}$/, ['/edit', '/desk', '/offers']],
] as const;

/**
 * One journey per screen and theme, each with its own time, so a slow or failing screen names itself; the journeys
 * of a theme share one signed-in page (a failure gives the next journey a new one), so each pays only for its screen.
 */
for (const theme of ['light', 'dark'] as const) {
  test.describe(`in the ${theme} theme`, () => {
    let shared: Page;
    test.beforeAll(async ({ browser }, testInfo) => {
      shared = await newPage(browser, testInfo);
      await themed(shared, theme);
      await signIn(shared, 'admin');
    });
    test.afterAll(() => shared.context().close());

    test(`the sign-in screen has no serious or critical accessibility violation`, async ({ browser }, testInfo) => {
      const page = await newPage(browser, testInfo);
      await themed(page, theme);
      await page.goto('/');
      expect(await seriousViolations(page), '/').toEqual([]);
      await page.context().close();
    });

    for (const path of screens) {
      test(`${path} has no serious or critical accessibility violation`, async () => {
        await showScreen(shared, path);
        expect(await seriousViolations(shared), path).toEqual([]);
      });
    }

    for (const [list, pattern, forms] of recordScreens) {
      test(`a record of ${list} and its forms have no serious or critical violation`, async () => {
        const record = await firstRecord(shared, list, pattern);
        for (const path of [record, ...forms.map((form) => `${record}${form}`)]) {
          await showScreen(shared, path);
          expect(await seriousViolations(shared), path).toEqual([]);
        }
      });
    }
  });

  test(`an invitation, an open chat and the chat panel have no serious or critical violation in the ${theme} theme`, async ({
    page,
  }) => {
    await themed(page, theme);
    await signIn(page, 'admin');
    const invitation = await page.request.post('/api/team/invitations', {
      data: { email: `a11y.${theme}.${Date.now()}@example.com`, role: 'agent', send: false },
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
}

for (const theme of ['light', 'dark'] as const) {
  test(`compose refusing an opted-out address has no serious or critical violation in the ${theme} theme`, async ({ page }) => {
    await themed(page, theme);
    await signIn(page, 'admin', '/communications');
    const compose = page.getByRole('form', { name: 'Compose an e-mail' });
    await compose.getByLabel('To').fill(await optedOutAddress(page, theme));
    await compose.getByLabel('Subject').fill('Offer');
    await compose.getByLabel('Message', { exact: true }).fill('A deal for you.');
    await compose.getByRole('button', { name: 'Send Email' }).click();
    await expect(compose.getByRole('alert')).toContainText('has opted out of e-mail');
    await expect(compose.getByText('Opted out of e-mail', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the two-factor screens have no serious or critical accessibility violation in the ${theme} theme`, async ({
    page,
    browser,
  }) => {
    // A new admin, whom the default security setting sends to /two-factor-setup; then the code step of sign-in.
    await signIn(page, 'admin');
    const email = `a11y.2fa.${theme}.${Date.now()}@example.com`;
    const password = 'quiet harbour lights';
    const headers = { 'x-requested-with': 'torque' };
    const invitation = await page.request.post('/api/team/invitations', { data: { email, role: 'admin', send: false }, headers });
    const token = new URL((await invitation.json()).link).pathname.split('/invite/')[1];
    const context = await browser.newContext();
    await context.addInitScript((t) => localStorage.setItem('ui-theme', t), theme);
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
}
