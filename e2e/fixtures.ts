import { expect, test, type Page } from '@playwright/test';

export { expect, test };

/** Signs in through the sign-in screen's demo buttons and waits for the dashboard. */
export async function signIn(page: Page, role: 'admin' | 'agent') {
  await page.goto('/');
  await page.getByRole('button', { name: role === 'admin' ? 'Admin Demo' : 'Agent Demo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** A name no other test (or earlier run on the same data) has used. */
export function unique(prefix: string) {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}
