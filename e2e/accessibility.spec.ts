import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

/** Every screen of the app: the route table, one record of each kind, and the 404 page. */
const screens = [
  '/dashboard',
  '/customers',
  '/customers/new',
  '/inventory',
  '/inventory/new',
  '/deals',
  '/deals?tab=monthly',
  '/deals?tab=deals',
  '/deals/new',
  '/analytics',
  '/profile',
  '/agents',
  '/communications',
  '/accounting',
  '/social-media',
  '/chat',
  '/minor-cosigners',
  '/settings',
  '/users',
  `/invite/${'x'.repeat(43)}`,
  '/no-such-page',
];

/** The first link on a list screen to one of its records. */
async function firstRecord(page: Page, list: string, pattern: RegExp) {
  await page.goto(list);
  const find = async () =>
    (await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).find((h) =>
      pattern.test(h),
    );
  await expect.poll(find, { message: list }).toBeTruthy();
  return (await find())!;
}

async function seriousViolations(page: Page) {
  // The screen has settled: no loading words left.
  await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  const { violations } = await new AxeBuilder({ page }).analyze();
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

for (const theme of ['light', 'dark'] as const) {
  test(`every screen has no serious or critical accessibility violation in the ${theme} theme`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((t) => localStorage.setItem('ui-theme', t), theme);
    await page.goto('/');
    expect(await seriousViolations(page), '/').toEqual([]);
    await signIn(page, 'admin');
    const records = [
      await firstRecord(page, '/customers', /^\/customers\/[0-9a-f-]{36}$/),
      await firstRecord(page, '/inventory', /^\/inventory\/[0-9a-f-]{36}$/),
      await firstRecord(page, '/deals?tab=deals', /^\/deals\/[0-9a-f-]{36}$/),
    ];
    const invitation = await page.request.post('/api/team/invitations', {
      data: { email: `a11y.${theme}.${Date.now()}@example.com`, role: 'agent', send: false },
      headers: { 'x-requested-with': 'torque' },
    });
    const invitePage = new URL((await invitation.json()).link).pathname;
    for (const path of [...screens, ...records, ...records.map((r) => `${r}/edit`), invitePage]) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}
