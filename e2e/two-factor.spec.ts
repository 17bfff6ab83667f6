import { request, type Browser, type Page } from '@playwright/test';
import { totp } from '../tests/helpers/totp';
import { expect, test, unique } from './fixtures';

const password = 'purple kettle on the stove';
const csrf = { 'x-requested-with': 'torque' };

/** A new user of `role`, invited by the demo admin and joined through the API, signed in in a browser of their own. */
async function joinedUser(page: Page, browser: Browser, role: 'agent' | 'admin') {
  const name = unique(role === 'admin' ? 'Olga Owner' : 'Tomas Token');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const invitation = await page.request.post('/api/team/invitations', { data: { email, role, send: false }, headers: csrf });
  const token = new URL((await invitation.json()).link).pathname.split('/invite/')[1];
  const context = await browser.newContext();
  const accepted = await context.request.post('/api/invitations/accept', { data: { token, name, password }, headers: csrf });
  expect(accepted.status()).toBe(200);
  return { email, name, user: await context.newPage() };
}

/** Sets up two-factor sign-in from the screen the user is on, reading the key shown for typing; the recovery codes. */
async function enrolOnScreen(user: Page) {
  await user.getByLabel('Password', { exact: true }).fill(password);
  await user.getByRole('button', { name: 'Continue' }).click();
  await expect(user.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await user.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await user.getByLabel('Code from the app').fill('000000');
  await user.getByRole('button', { name: 'Turn on' }).click();
  await expect(user.getByText(/Invalid code/).first()).toBeVisible();
  // The answer that turns it on comes late, as on a busy server: the session it replaces has ended meanwhile (the
  // realtime socket closes), and the tab waits for the answer's new session rather than signing out.
  // The answer is fetched apart from the browser, so that its new cookie reaches the tab only with the late answer.
  const apart = await request.newContext();
  await user.route('**/api/users/me/two-factor/verify', async (route) => {
    const response = await apart.fetch(route.request(), { headers: await route.request().allHeaders() });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.fulfill({ response });
  });
  await user.getByLabel('Code from the app').fill(totp(secret));
  await user.getByRole('button', { name: 'Turn on' }).click();
  await expect(user.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await user.unroute('**/api/users/me/two-factor/verify');
  await apart.dispose();
  // The heading can come before the codes do: the list is read once it holds all ten.
  const items = user.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(10);
  const codes = await items.allTextContents();
  await user.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  return { secret, codes };
}

async function signOut(user: Page) {
  await user.getByRole('button', { name: 'User menu' }).click();
  await user.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(user).toHaveURL(/\/$/);
}

async function passwordStep(user: Page, email: string) {
  await user.getByLabel('Email').fill(email);
  await user.getByLabel('Password', { exact: true }).fill(password);
  await user.getByRole('button', { name: 'Sign In' }).click();
  await expect(user.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
}

test('enrol two-factor and sign in with a TOTP code', async ({ adminPage: page, browser }) => {
  const { email, user } = await joinedUser(page, browser, 'agent');
  await user.goto('/profile');
  const card = user.locator('[data-slot="card"]').filter({ hasText: 'Two-factor sign-in' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Set up' }).click();
  const { secret, codes } = await enrolOnScreen(user);
  await expect(user.getByText('Two-factor sign-in is on', { exact: true })).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Signed out, the password alone is not enough: the code from the app completes the sign-in.
  await signOut(user);
  await passwordStep(user, email);
  await expect(user).toHaveURL(/\/$/);
  await user.getByLabel('Authentication code').fill(totp(secret));
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user.getByText('Login Successful', { exact: true }).last()).toBeVisible();
  await expect(user.getByText('Welcome to the CRM').last()).toBeVisible();
  await expect(user).toHaveURL(/\/dashboard$/);

  // A recovery code works in place of the app, once.
  await signOut(user);
  await passwordStep(user, email);
  await user.getByRole('button', { name: 'Use a recovery code' }).click();
  await user.getByLabel('Recovery code').fill(codes[0]!);
  await user.getByRole('button', { name: 'Verify' }).click();
  await expect(user).toHaveURL(/\/dashboard$/);
  await user.context().close();
});

test('an admin who joins sets up two-factor sign-in before anything else', async ({ adminPage: page, browser }) => {
  const { user } = await joinedUser(page, browser, 'admin');
  await user.goto('/customers');
  await expect(user).toHaveURL(/\/two-factor-setup$/);
  await expect(user.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  await enrolOnScreen(user);
  await expect(user).toHaveURL(/\/dashboard$/);
  await user.goto('/customers');
  await expect(user.getByRole('heading', { name: 'Customer Management' })).toBeVisible();
  await user.context().close();
});
