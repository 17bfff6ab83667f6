import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { expect, open, signIn, test, unique, type Sessions } from './fixtures';

/**
 * A person in a browser of their own: their cookies, their tabs, on the dashboard. Signed in with the stored session of
 * `role`, or, `fresh`, with a session of their own: for a journey that signs it out or fills its sockets.
 */
async function person(browser: Browser, sessions: Sessions, role: 'admin' | 'agent', fresh = false) {
  const context = await browser.newContext(fresh ? {} : { storageState: sessions[role] });
  const page = await context.newPage();
  if (fresh) await signIn(page, role);
  else await open(page, '/dashboard');
  return { context, page };
}

const unreadCount = async (page: Page): Promise<number> =>
  (await (await page.request.get('/api/chat/unread-count')).json()).count;
const badgeOf = (count: number) => (count > 9 ? '9+' : String(count));

test.describe('team chat', () => {
  test('two people talk in /chat without a reload: badges count, reading clears them, Enter sends', async ({
    browser,
    sessions,
  }) => {
    const admin = await person(browser, sessions, 'admin');
    const agent = await person(browser, sessions, 'agent');
    await agent.page.goto('/chat');
    const before = await unreadCount(agent.page);

    await admin.page.goto('/chat?tab=users');
    await expect(admin.page.getByRole('list', { name: 'Users' })).not.toContainText('Alex Morgan');
    await admin.page.getByRole('button', { name: 'Message Emma Carter' }).click();
    const question = unique('Can you call the bank about the X5?');
    const adminBox = admin.page.getByRole('textbox', { name: 'Message Emma Carter' });
    await adminBox.fill(`   ${question}   `);
    await adminBox.press('Enter');
    await expect(adminBox).toHaveValue('');
    await expect(admin.page.getByRole('log', { name: 'Messages in Emma Carter' })).toContainText(question);

    // Emma's screen learns of it by itself: the chat, its unread count and the header badge.
    const chat = agent.page.getByRole('button', { name: /Alex Morgan/ });
    await expect(chat).toContainText(question);
    await expect(agent.page.getByTestId('chat-badge')).toHaveText(badgeOf(before + 1));
    await chat.click();
    const agentLog = agent.page.getByRole('log', { name: 'Messages in Alex Morgan' });
    await expect(agentLog).toContainText(question);
    await expect(agentLog.getByTestId('chat-message').filter({ hasText: question })).toHaveCount(1);
    if (before === 0) await expect(agent.page.getByTestId('chat-badge')).toHaveCount(0);
    else await expect(agent.page.getByTestId('chat-badge')).toHaveText(badgeOf(before));

    // Blank text is not sent; the answer arrives on the admin's screen without a reload.
    const agentBox = agent.page.getByRole('textbox', { name: 'Message Alex Morgan' });
    await agentBox.fill('   ');
    await agentBox.press('Enter');
    await expect(agentBox).toHaveValue('   ');
    const answer = unique('On it, calling now');
    await agentBox.fill(answer);
    await agentBox.press('Enter');
    await expect(admin.page.getByRole('log', { name: 'Messages in Emma Carter' })).toContainText(answer);
    await expect(admin.page.getByRole('log', { name: 'Messages in Emma Carter' }).getByTestId('chat-message')).toHaveText([
      new RegExp(question.replace(/[?]/g, '\\?')),
      new RegExp(answer),
    ]);

    await admin.context.close();
    await agent.context.close();
  });

  test('the floating panel carries the Company channel both ways, and a mention arrives as an alert', async ({
    browser,
    sessions,
  }) => {
    const admin = await person(browser, sessions, 'admin');
    const agent = await person(browser, sessions, 'agent');
    for (const { page } of [admin, agent]) await page.getByRole('button', { name: /^Team chat/ }).click();
    const adminPanel = admin.page.getByRole('region', { name: 'Team chat' });
    const agentPanel = agent.page.getByRole('region', { name: 'Team chat' });
    await expect(agentPanel.getByRole('tab')).toHaveText(['Company', 'Agents']);

    const news = unique('Month-end numbers are in @Emma Carter');
    await adminPanel.getByRole('textbox', { name: 'Message Company channel' }).fill(news);
    await adminPanel.getByRole('textbox', { name: 'Message Company channel' }).press('Enter');
    await expect(agentPanel.getByRole('log')).toContainText(news);
    // The mention: a toast with its title, and an unread alert.
    await expect(agent.page.getByText('Alex Morgan mentioned you in Company')).toBeVisible();

    const reply = unique('Thanks, looking now');
    await agentPanel.getByRole('textbox', { name: 'Message Company channel' }).fill(reply);
    await agentPanel.getByRole('button', { name: 'Send message' }).click();
    await expect(adminPanel.getByRole('log')).toContainText(reply);

    await agent.page.goto('/chat?tab=alerts');
    const alert = agent.page.getByTestId('alert').filter({ hasText: news });
    await expect(alert).toBeVisible();
    await expect(agent.page.getByRole('tab', { name: /Alerts/ })).toContainText(/\d/);
    await agent.page.getByRole('button', { name: 'Mark all read' }).click();
    await expect(alert.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);
    await expect(agent.page.getByRole('tab', { name: /Alerts/ })).toHaveText('Alerts');

    await admin.context.close();
    await agent.context.close();
  });

  test('signing out in one tab sends the other tab to sign-in', async ({ browser, sessions }) => {
    const agent = await person(browser, sessions, 'agent', true);
    const other = await agent.context.newPage();
    await other.goto('/chat');
    await expect(other.getByRole('heading', { name: 'Team Chat' })).toBeVisible();
    await agent.page.getByRole('button', { name: 'User menu' }).click();
    await agent.page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(other).toHaveURL(/\/$/);
    await expect(other.getByRole('button', { name: 'Agent Demo' })).toBeVisible();
    await agent.context.close();
  });
});

test('a dropped socket comes back by itself and brings what was sent meanwhile, once', async ({ browser, sessions }) => {
  const agent = await browser.newContext({ storageState: sessions.agent });
  const page = await agent.newPage();
  let refusing = false;
  const routes: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/realtime$/, (socket) => {
    if (refusing) return socket.close({ code: 1013, reason: 'Try again later' });
    routes.push(socket);
    socket.connectToServer();
  });
  await open(page, '/dashboard');
  await page.getByRole('button', { name: /^Team chat/ }).click();
  const panel = page.getByRole('region', { name: 'Team chat' });
  const log = panel.getByRole('log');
  await expect(panel.getByRole('textbox', { name: 'Message Company channel' })).toBeVisible();
  // The channel's messages have loaded: the only status left to show is the connection's.
  await expect(panel.getByText('Loading messages...')).toHaveCount(0);

  // The connection drops and, for a while, cannot be made again; a colleague writes meanwhile.
  refusing = true;
  await routes.at(-1)!.close({ code: 1006, reason: 'Network lost' });
  await expect(panel.getByRole('status')).toHaveText('Reconnecting...');
  const admin = await browser.newContext({ storageState: sessions.admin });
  const adminPage = await admin.newPage();
  const company = await (
    await adminPage.request.post('/api/chat/channels/company', { headers: { 'x-requested-with': 'torque' } })
  ).json();
  const missed = unique('Sent while you were away');
  const sent = await adminPage.request.post(`/api/chat/chats/${company.id}/messages`, {
    headers: { 'x-requested-with': 'torque' },
    data: { id: crypto.randomUUID(), content: missed },
  });
  expect(sent.status()).toBe(201);
  await expect(log).not.toContainText(missed);

  refusing = false;
  await expect(panel.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
  await expect(log).toContainText(missed);
  await expect(log.getByTestId('chat-message').filter({ hasText: missed })).toHaveCount(1);
  await agent.close();
  await admin.close();
});

test('a tab past its session’s ten sockets says so and waits to be shown again, retrying on no timer', async ({
  browser,
  sessions,
}) => {
  const { context, page } = await person(browser, sessions, 'agent', true);
  // This tab's socket and nine more on its session fill the session's ten.
  await page.evaluate(async () => {
    const url = `ws://${location.host}/api/realtime`;
    const opened = (): Promise<WebSocket> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(url);
        socket.onmessage = () => resolve(socket);
        socket.onclose = (event) => reject(new Error(`closed with ${event.code}`));
      });
    (window as unknown as { extra: WebSocket[] }).extra = await Promise.all(Array.from({ length: 9 }, opened));
  });

  const tab = await context.newPage();
  let attempts = 0;
  tab.on('websocket', (socket) => {
    if (socket.url().endsWith('/api/realtime')) attempts++;
  });
  await tab.goto('/dashboard');
  await tab.getByRole('button', { name: /^Team chat/ }).click();
  const status = tab.getByRole('region', { name: 'Team chat' }).getByRole('status').filter({ hasText: 'Too many tabs open' });
  await expect(status).toBeVisible();
  // A drop would have been retried twice by now (after about 1 s, then 2 s more).
  await tab.waitForTimeout(4_000);
  expect(attempts).toBe(1);

  // Once another socket closes, the tab coming back (here: back online) takes the free place.
  await page.evaluate(() => (window as unknown as { extra: WebSocket[] }).extra[0]!.close());
  await expect(async () => {
    await tab.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(status).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
  await context.close();
});
