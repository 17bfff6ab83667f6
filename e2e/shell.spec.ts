import { expect, open, signIn, signInOnScreen, test } from './fixtures';

const sidebarOrder = [
  'Dashboard',
  'My Tasks',
  'Calendar',
  'Customers',
  'Leads',
  'Minor Co-Signers',
  'Inventory',
  'Deals',
  'Agents',
  'Analytics',
  'Communications',
  'Accounting',
  'Social Media',
  'Team Chat',
  'User Management',
  'Settings',
];

test.describe('sign-in', () => {
  test('Admin Demo lands on the dashboard with its toast', async ({ page }) => {
    await signInOnScreen(page, 'admin');
    await expect(page.getByText('Demo Login Successful')).toBeVisible();
    await expect(page.getByText('Logged in as admin')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  });

  test('Agent Demo lands on the dashboard with its toast', async ({ page }) => {
    await signInOnScreen(page, 'agent');
    await expect(page.getByText('Logged in as agent')).toBeVisible();
    await expect(page.getByTestId('welcome-line')).toContainText('Emma Carter');
  });

  test('a wrong password shows Login Failed', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Email').fill('admin@torque.demo');
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login Failed')).toBeVisible();
    await expect(page.getByText('Invalid credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    await page.goto('/');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
  });

  test('the form explains empty fields', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Required' }).first()).toBeVisible();
    await page.getByLabel('Email').fill('not an address');
    await expect(page.getByText('Invalid email')).toBeVisible();
    await page.getByLabel('Email').fill('admin@torque.demo');
    await expect(page.getByText('Invalid email')).toBeHidden();
  });

  test('the view mode chosen before signing in is kept', async ({ page }) => {
    await page.goto('/');
    const viewMode = page.getByLabel('View mode');
    await expect(viewMode).toHaveValue('auto');
    await viewMode.selectOption('Desktop View');
    expect(await page.evaluate(() => localStorage.getItem('view-mode'))).toBe('desktop');
    await page.reload();
    await expect(page.getByLabel('View mode')).toHaveValue('desktop');
  });
});

test.describe('guards', () => {
  test('a protected screen without a session goes to sign-in', async ({ page }) => {
    await page.goto('/customers');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a signed-in user who opens / goes to the dashboard, and Log out returns to /', async ({ page }) => {
    await signIn(page, 'agent');
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('shell', () => {
  test('the sidebar lists the screens in order, User Management for admins only', async ({ page }) => {
    await signIn(page, 'admin');
    const links = page.getByRole('list', { name: 'Main' }).getByRole('link');
    await expect(links).toHaveText(sidebarOrder);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await signIn(page, 'agent');
    await expect(links).toHaveText(sidebarOrder.filter((label) => label !== 'User Management'));
  });

  test('Ctrl+B collapses the sidebar and the choice survives a reload', async ({ agentPage: page }) => {
    await open(page, '/dashboard');
    const sidebar = page.locator('[data-slot="sidebar"][data-state]');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.reload();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  });

  test('the theme survives a reload', async ({ agentPage: page }) => {
    await open(page, '/dashboard');
    await page.getByRole('button', { name: 'Toggle theme' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('ui-theme'))).toBe('dark');
  });

  test('an admin switches to an agent and back', async ({ page }) => {
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch to agent' }).click();
    await page.getByRole('menuitem', { name: /Liam Brooks/ }).click();
    await expect(page.getByTestId('welcome-line')).toHaveText(/Liam Brooks \(as Alex Morgan\)/);
    await expect(page.getByText('Switched', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'User Management' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('welcome-line')).toHaveText(/Liam Brooks \(as Alex Morgan\)/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Switch back to Alex Morgan' }).click();
    await expect(page.getByTestId('welcome-line')).toHaveText(/Alex Morgan$/);
    await expect(page.getByText('Switched', { exact: true })).toHaveCount(0);
  });

  test('the chat panel opens, minimises to its bar, reopens and closes', async ({ adminPage: page }) => {
    await open(page, '/dashboard');
    await page.getByRole('button', { name: /^Team chat/ }).click();
    const panel = page.getByRole('region', { name: 'Team chat' });
    const box = panel.getByRole('textbox', { name: 'Message Company channel' });
    await expect(box).toBeVisible();
    await expect(panel.getByRole('tab')).toHaveText(['Company', 'Agents', 'Admin']);
    await panel.getByRole('button', { name: 'Minimise chat' }).click();
    await expect(box).toHaveCount(0);
    await panel.getByRole('button', { name: 'Open chat' }).click();
    await expect(box).toBeVisible();
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await expect(panel).toHaveCount(0);
  });

  test('every screen of the route table opens behind the guard', async ({ adminPage: page }) => {
    await open(page, '/dashboard');
    for (const [path, title] of [
      ['/agents', 'Agents'],
      ['/analytics', 'Analytics'],
      ['/communications', 'Communications'],
      ['/accounting', 'Accounting'],
      ['/social-media', 'Social Media'],
      ['/chat', 'Team Chat'],
      ['/minor-cosigners', 'Minor Co-Signer'],
      ['/settings', 'Settings'],
      ['/users', 'User Management'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(title!);
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('at 390 px the sidebar is a drawer', async ({ agentPage: page }) => {
    await open(page, '/dashboard');
    await expect(page.getByRole('list', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const drawer = page.getByRole('dialog', { name: 'Navigation' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Inventory' }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(drawer).toBeHidden();
  });
});
