import type { Page } from '@playwright/test';
import { expect, mailTo, open, test, unique } from './fixtures';

/** The invitation link of the last mail the e2e server's SMTP peer received for `to`. */
async function invitationLinkFor(to: string): Promise<string> {
  const link = /https?:\/\/\S+\/invite\/[\w-]+/.exec((await mailTo(to)).text)?.[0];
  expect(link).toBeTruthy();
  return link!;
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('an admin invites an agent by mail, the agent joins, and deactivation signs them out', async ({
  adminPage: page,
  browser,
}) => {
  const name = unique('Ivy Invited');
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
  const password = 'green tractor on a hill';

  await open(page, '/users');
  await expect(page.getByRole('heading', { name: 'User Management' })).toBeVisible();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all fields' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Agent' }).click();
  await page.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByText('Invitation Sent', { exact: true })).toBeVisible();
  const pending = page.getByRole('row').filter({ hasText: email });
  await expect(pending.getByText('pending')).toBeVisible();

  // The invited agent, in a browser of their own, opens the link from the mail.
  const link = await invitationLinkFor(email);
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await agentPage.goto(link);
  await expect(agentPage.getByText(`${email} is invited as Agent`)).toBeVisible();
  await agentPage.getByLabel('Full Name').fill(name);
  await agentPage.getByLabel('Password', { exact: true }).fill('password');
  await agentPage.getByLabel('Confirm Password').fill('password');
  await agentPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(agentPage.getByText('This password is too common. Choose one that is harder to guess.')).toBeVisible();
  await agentPage.getByLabel('Password', { exact: true }).fill(password);
  await agentPage.getByLabel('Confirm Password').fill(password);
  await agentPage.getByRole('button', { name: 'Create Account' }).click();
  await expect(agentPage).toHaveURL(/\/dashboard$/);

  // Signed out, the agent signs in with the password they chose.
  await signOut(agentPage);
  await agentPage.getByLabel('Email').fill(email);
  await agentPage.getByLabel('Password', { exact: true }).fill(password);
  await agentPage.getByRole('button', { name: 'Sign In' }).click();
  await expect(agentPage.getByText('Login Successful', { exact: true }).last()).toBeVisible();
  await expect(agentPage.getByText('Welcome to the CRM').last()).toBeVisible();
  await expect(agentPage).toHaveURL(/\/dashboard$/);

  // The admin deactivates the agent; the agent's next click lands on sign-in.
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('active', { exact: true })).toBeVisible();
  // The switch says the state, and turning it asks first: Cancel changes nothing.
  const status = row.getByRole('switch', { name: `${name}: Active` });
  await expect(status).toBeChecked();
  await status.click();
  await expect(page.getByRole('alertdialog', { name: `Deactivate ${name}?` })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(status).toBeChecked();
  await status.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('User Deactivated', { exact: true })).toBeVisible();
  await expect(row.getByRole('switch', { name: `${name}: Inactive` })).not.toBeChecked();
  await expect(row.getByText('inactive', { exact: true })).toBeVisible();

  // The agent's open tab hears of it at once over its realtime socket and goes to sign-in, without a click.
  await expect(agentPage).toHaveURL(/\/$/);
  await expect(agentPage.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await agentContext.close();
});

test("an admin's own switch is disabled and says why", async ({ adminPage: page }) => {
  await open(page, '/users');
  const own = page.getByRole('row').filter({ hasText: 'admin@torque.demo' }).getByRole('switch');
  await expect(own).toBeDisabled();
  await expect(own).toHaveAccessibleDescription('You cannot deactivate your own account');
});

test("'Copy invite link' copies a working link and 'Link Copied' says so", async ({ adminPage: page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await open(page, '/agents');
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
  const email = `${unique('copied').replace(/\W+/g, '.')}@example.com`;
  await page.getByLabel('Email').fill(email);
  await page.getByRole('combobox', { name: 'Role', exact: true }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await page.getByRole('button', { name: 'Copy invite link' }).click();
  await expect(page.getByText('Link Copied', { exact: true })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/invite\/[\w-]{20,}$/);

  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: `Revoke the invitation of ${email}` })
    .click();
  await expect(page.getByText('Invitation Revoked', { exact: true })).toBeVisible();
  await page.goto(link);
  await expect(page.getByText(/This invitation link is not valid/)).toBeVisible();
});

test('an invitation whose inviter has since been demoted says why it no longer works', async ({ adminPage: page, browser }) => {
  const headers = { 'x-requested-with': 'torque' };
  const invite = async (from: Page, role: string) => {
    const email = `${unique(role).replace(/\W+/g, '.')}@example.com`;
    const response = await from.request.post('/api/team/invitations', { headers, data: { email, role, send: false } });
    expect(response.status()).toBe(201);
    return (await response.json()) as { link: string };
  };
  const editorContext = await browser.newContext();
  const editorPage = await editorContext.newPage();
  const joined = await editorPage.request.post('/api/invitations/accept', {
    headers,
    data: {
      token: (await invite(page, 'editor')).link.split('/invite/')[1],
      name: unique('Edna Editor'),
      password: 'blue kettle on the stove',
    },
  });
  expect(joined.status()).toBe(200);
  const { link } = await invite(editorPage, 'agent');
  const demoted = await page.request.patch(`/api/team/members/${(await joined.json()).user.id}`, {
    headers,
    data: { role: 'agent' },
  });
  expect(demoted.status()).toBe(200);

  const invitedContext = await browser.newContext();
  const invitedPage = await invitedContext.newPage();
  await invitedPage.goto(link);
  await expect(
    invitedPage.getByRole('alert').filter({ hasText: 'The person who invited you can no longer invite anyone as Agent' }),
  ).toBeVisible();
  // Not a failure to retry: the link is over, and the page offers sign-in instead of the form.
  await expect(invitedPage.getByRole('link', { name: 'Go to sign in' })).toBeVisible();
  await expect(invitedPage.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(invitedPage.getByRole('button', { name: 'Create Account' })).toHaveCount(0);
  await editorContext.close();
  await invitedContext.close();
});

test('an agent sees the team without invite form or actions', async ({ agentPage: page }) => {
  await open(page, '/agents');
  await expect(page.getByRole('heading', { name: 'Agents' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Total Sales' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send Invitation' })).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
});
