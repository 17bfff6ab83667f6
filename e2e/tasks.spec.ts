import type { Page } from '@playwright/test';
import { expect, mailTo, test, unique } from './fixtures';

test('an agent adds a task from a customer page, finds it under Today and completes it onto the customer’s timeline', async ({
  agentPage: page,
}) => {
  const name = unique('Cora Caller');
  const created = await page.request.post('/api/customers', { data: { name }, headers: { 'x-requested-with': 'torque' } });
  expect(created.status(), await created.text()).toBe(201);
  const customer = { id: ((await created.json()) as { id: string }).id, name };
  const title = unique('Call about the trade-in');

  // From the customer's page: the Tasks card's Add task, due today by default.
  await page.goto(`/customers/${customer.id}`);
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('What is next with this customer') });
  await card.getByRole('button', { name: 'Add task' }).click();
  const form = page.getByRole('dialog', { name: 'Add task' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Time (optional)').fill('16:30');
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(page.getByText('Task added')).toBeVisible();
  await expect(card.getByRole('listitem', { name: title })).toContainText('Today 16:30');

  // The dashboard's Today lists it with the rest of the agent's day.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  const today = page.getByRole('list', { name: 'Due today and overdue' });
  await expect(today.getByRole('listitem', { name: title })).toContainText('Today 16:30');

  // My Tasks opens on Today, with the task in it.
  await page.getByRole('link', { name: 'My Tasks', exact: true }).click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('tab', { name: /Today/, selected: true })).toBeVisible();
  const row = page.getByRole('list', { name: 'Today tasks' }).getByRole('listitem', { name: title });
  await expect(row).toContainText(customer.name);

  // Completed with how it went.
  await row.getByRole('button', { name: 'Complete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete task' });
  await dialog.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByRole('option', { name: 'Left a message' }).click();
  await dialog.getByLabel('Note').fill('Voicemail; try again Friday');
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Task completed')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Today tasks' }).getByRole('listitem', { name: title })).toHaveCount(0);
  await page.getByRole('tab', { name: /Done/ }).click();
  await expect(page.getByRole('list', { name: 'Done tasks' }).getByRole('listitem', { name: title })).toContainText(
    'Left a message',
  );

  // The customer's timeline says so.
  await page.goto(`/customers/${customer.id}`);
  const entry = page.getByText(`Completed a task: ${title}`);
  await expect(entry).toBeVisible();
  await expect(page.getByText('Call: left a message').first()).toBeVisible();
  await expect(page.getByText('Voicemail; try again Friday').first()).toBeVisible();
});

test('a lead arrives and its first-response task appears on the agent’s dashboard without a reload; logging a call closes it', async ({
  adminPage: page,
  browser,
}) => {
  // A new agent, whose dashboard has nothing else due: the admin invites them, and they join.
  const headers = { 'x-requested-with': 'torque' };
  const email = `${unique('nico.new').replace(/\W+/g, '.')}@example.com`;
  const invited = await page.request.post('/api/team/invitations', { headers, data: { email, role: 'agent', send: false } });
  expect(invited.status()).toBe(201);
  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  const joined = await agent.request.post('/api/invitations/accept', {
    headers,
    data: {
      token: ((await invited.json()) as { link: string }).link.split('/invite/')[1],
      name: unique('Nico New'),
      password: 'blue kettle on the stove',
    },
  });
  expect(joined.status()).toBe(200);
  const agentId = ((await joined.json()) as { user: { id: string } }).user.id;
  try {
    const name = unique('Fiona First');
    const phone = `512555${String(Date.now()).slice(-4)}`;
    const created = await agent.request.post('/api/customers', { data: { name, phone }, headers });
    expect(created.status()).toBe(201);
    const customer = (await created.json()) as { id: string };

    await agent.goto('/dashboard');
    const today = agent.locator('[data-slot="card"]').filter({ has: agent.getByText('Your overdue tasks and those due today') });
    await expect(today.getByText('Nothing due today.')).toBeVisible();

    // The customer calls in, and the lead is added in another tab: it goes to their agent, with a task to answer it by
    // the lead answer time (15 minutes), which reaches the dashboard open here.
    const { timeZone } = (await (await agent.request.get('/api/session')).json()) as { timeZone: string };
    const day = (at: Date) => at.toLocaleDateString('en-CA', { timeZone });
    const lead = await agent.request.post('/api/leads', { data: { name, phone, lead_source: 'Phone' }, headers });
    expect(lead.status()).toBe(201);
    const task = today.getByRole('listitem', { name: 'Answer the new lead from Phone' });
    // Within a quarter of an hour of the company's midnight the answer is due tomorrow: not on Today, but on the page.
    const dueToday = day(new Date(Date.now() + 15 * 60_000)) === day(new Date());
    if (dueToday) {
      await expect(task).toContainText('First-response rule');
      await expect(task).toContainText('High');
      await task.getByRole('link', { name }).click();
    } else {
      await agent.goto(`/customers/${customer.id}`);
    }
    await expect(agent).toHaveURL(new RegExp(`/customers/${customer.id}$`));
    const tasks = agent.locator('[data-slot="card"]').filter({ has: agent.getByText('What is next with this customer') });
    await expect(tasks.getByRole('listitem', { name: 'Answer the new lead from Phone' })).toContainText('First-response rule');

    // Logging the call is the lead's first answer, and closes the task.
    await agent.getByRole('button', { name: 'Log contact' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Log contact' });
    await dialog.getByLabel('Note').fill('Booked a test drive for Saturday');
    await dialog.getByRole('button', { name: 'Log contact' }).click();
    await expect(tasks.getByText('No open tasks.')).toBeVisible();
    await expect(agent.getByText('Completed a task: Answer the new lead from Phone')).toBeVisible();
    await expect(agent.getByText('Call: reached').first()).toBeVisible();
    await agent.getByRole('link', { name: 'Dashboard' }).click();
    await expect(today.getByText('Nothing due today.')).toBeVisible();
  } finally {
    // Out of the team again, so the journeys after this one meet the demo's agents alone.
    await page.request.patch(`/api/team/members/${agentId}`, { headers, data: { status: 'inactive' } });
    await agentContext.close();
  }
});

/** A new customer of the signed-in user with an e-mail address to invite, and tomorrow in the company's zone. */
async function customerToInvite(page: Page, prefix: string) {
  const name = unique(prefix);
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@buyer.example`;
  const headers = { 'x-requested-with': 'torque' };
  const created = await page.request.post('/api/customers', { data: { name, email }, headers });
  expect(created.status()).toBe(201);
  const customer = (await created.json()) as { id: string };
  const session = (await (await page.request.get('/api/session')).json()) as { timeZone: string };
  const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: session.timeZone });
  return { customer, email, tomorrow, headers };
}

test('an agent books an appointment from a customer page; the customer is invited by mail, and a no-show is recorded', async ({
  agentPage: page,
}) => {
  const { customer, email, tomorrow } = await customerToInvite(page, 'Avery Appointment');

  await page.goto(`/customers/${customer.id}`);
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('What is next with this customer') });
  await card.getByRole('button', { name: 'Book appointment' }).click();
  const form = page.getByRole('dialog', { name: 'Book appointment' });
  await expect(form.getByLabel('Send the customer an invitation')).toBeChecked();
  // Where the user books, what the customer will be sent and why: one rule for the invitation and the reminder.
  const sent = form.getByRole('list', { name: 'What the customer is sent' });
  await expect(sent).toContainText(`Invitation and reminder by e-mail: yes, to ${email}`);
  await expect(sent).toContainText('Reminder by text: not sent');
  await form.getByLabel('Send the customer an invitation').uncheck();
  await expect(sent).toContainText('Invitation and reminder by e-mail: not sent — the invitation is off');
  await form.getByLabel('Send the customer an invitation').check();
  await form.getByLabel('Title').fill('Test drive');
  await form.getByLabel('Date', { exact: true }).fill(tomorrow);
  // Without a time the appointment is refused, with the field's message.
  await form.getByRole('button', { name: 'Book appointment' }).click();
  await expect(form.getByText('Choose the time of the appointment')).toBeVisible();
  await form.getByLabel('Time', { exact: true }).fill('10:30');
  await expect(form.getByLabel('Duration')).toHaveValue('60');
  await form.getByLabel('Duration').selectOption({ label: '45 min' });
  await form.getByLabel('Place (optional)').fill('Showroom, bay 2');
  await form.getByRole('button', { name: 'Book appointment' }).click();
  await expect(page.getByText(/invitation sent/)).toBeVisible();
  const row = card.getByRole('listitem', { name: 'Test drive' });
  await expect(row).toContainText('10:30–11:15');
  await expect(row).toContainText('Showroom, bay 2');
  await expect(row).toContainText('Invited');

  // The invitation reached the customer's mailbox.
  const mail = await mailTo(email);
  expect(mail.subject).toMatch(/^Your appointment at /);
  expect(mail.text).toContain('Where: Showroom, bay 2');
  await expect(page.getByText('Sent the appointment invitation')).toBeVisible();

  // They did not come.
  await row.getByRole('button', { name: 'Complete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Complete task' });
  await expect(dialog.getByRole('combobox', { name: 'Outcome' })).toHaveText('Showed');
  await dialog.getByRole('combobox', { name: 'Outcome' }).click();
  await expect(page.getByRole('option', { name: 'Left a message' })).toHaveCount(0);
  await page.getByRole('option', { name: 'No-show' }).click();
  await dialog.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Task completed')).toBeVisible();
  await expect(page.getByText('Appointment: no-show').first()).toBeVisible();
});

test('at 390 px an appointment is dragged to another time on the calendar, and the customer is sent the change', async ({
  agentPage: page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { customer, email, tomorrow, headers } = await customerToInvite(page, 'Drew Dragged');
  const booked = await page.request.post('/api/tasks', {
    data: {
      type: 'appointment',
      title: 'Walkaround',
      customer_id: customer.id,
      due_date: tomorrow,
      due_time: '10:00',
      duration_minutes: 60,
    },
    headers,
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const task = (await booked.json()) as { id: string };
  await mailTo(email);

  // The phone opens on the day; tomorrow is one step on.
  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Next day' }).click();
  const event = page.locator('.fc-event', { hasText: 'Walkaround' });
  await expect(event).toContainText('10:00 - 11:00');

  // Dragged down to 14:00.
  const from = (await event.boundingBox())!;
  const slot = (await page.locator('td.fc-timegrid-slot-lane[data-time="14:00:00"]').boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 4);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 40, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, slot.y + 4, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByText('Task moved')).toBeVisible();
  await expect(page.getByText(/the customer is sent the change/)).toBeVisible();
  await expect(event).toContainText('14:00 - 15:00');
  const saved = (await (await page.request.get(`/api/tasks/${task.id}`)).json()) as { due_time: string; invite_sequence: number };
  expect(saved).toMatchObject({ due_time: '14:00', invite_sequence: 1 });
  await expect.poll(async () => (await mailTo(email)).subject).toMatch(/^Changed: /);
});

test('an admin adds an action plan in Settings; started on a customer, its first step is a task there, and stopping it removes the step still open', async ({
  adminPage: page,
}) => {
  const plan = unique('Trade-in chase');
  await page.goto('/settings');
  const plans = page.locator('[data-slot="card"]').filter({ has: page.getByText('Action plans', { exact: true }) });
  await plans.getByRole('button', { name: 'Add plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add plan' });
  await dialog.getByLabel('Name').fill(plan);
  await dialog.getByRole('listitem', { name: 'Step 1' }).getByLabel('Title').fill('Call about the trade-in');
  await dialog.getByRole('button', { name: 'Add step' }).click();
  const second = dialog.getByRole('listitem', { name: 'Step 2' });
  await second.getByLabel('Day').fill('2');
  await second.getByLabel('Type').selectOption('email');
  await second.getByLabel('Title').fill('Send the appraisal');
  // A placeholder the plan cannot fill is refused at the field.
  await second.getByLabel('Message (optional)').fill('Hi {firstname}');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(second.getByText('{firstname} is not a placeholder')).toBeVisible();
  await second.getByLabel('Message (optional)').fill('Hi {first_name}, here is the appraisal. {agent}');
  await dialog.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByText('Plan added')).toBeVisible();
  await expect(plans.getByText(plan)).toBeVisible();

  const { customer } = await customerToInvite(page, 'Tina Trader');
  await page.goto(`/customers/${customer.id}`);
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByText('Steps that become tasks on their days') });
  const tasks = page.locator('[data-slot="card"]').filter({ has: page.getByText('What is next with this customer') });
  await expect(card).toContainText('Not on a plan.');
  await card.getByLabel('Plan').selectOption({ label: plan });
  await card.getByRole('button', { name: 'Start plan' }).click();
  await expect(page.getByText('Plan started')).toBeVisible();
  await expect(card.getByTestId('plan-next-step')).toContainText('Day 2 · E-mail — Send the appraisal');
  await expect(tasks.getByRole('listitem', { name: 'Call about the trade-in' })).toBeVisible();
  await expect(page.getByText(`Started the action plan ${plan}`)).toBeVisible();

  await card.getByRole('button', { name: 'Stop plan' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Stop plan' }).click();
  await expect(page.getByText('Plan stopped')).toBeVisible();
  await expect(card).toContainText(`${plan} stopped on`);
  await expect(card).toContainText('stopped by hand');
  await expect(tasks.getByRole('listitem', { name: 'Call about the trade-in' })).toHaveCount(0);
  await expect(page.getByText(`Stopped the action plan ${plan}`)).toBeVisible();
});

test('at 1280 px the calendar opens on the whole week, and a day of many any-time tasks keeps the hours in sight', async ({
  agentPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const headers = { 'x-requested-with': 'torque' };
  const name = unique('Wendy Week');
  const created = await page.request.post('/api/customers', { data: { name }, headers });
  expect(created.status()).toBe(201);
  const customer = (await created.json()) as { id: string };
  const { today } = (await (await page.request.get('/api/tasks/summary')).json()) as { today: string };
  for (let i = 1; i <= 6; i++) {
    const added = await page.request.post('/api/tasks', {
      data: { type: 'call', title: `Idle check ${i}`, customer_id: customer.id, due_date: today },
      headers,
    });
    expect(added.status(), await added.text()).toBe(201);
  }

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar' })).toBeVisible();
  const days = page.locator('.fc-col-header-cell');
  await expect(days).toHaveCount(7);
  // Every day's column is inside the window, Monday to Sunday.
  for (const day of await days.all()) {
    const box = (await day.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  // Six tasks of any time on one day fold into '+N more'; 09:00 is still on the first screen.
  await expect(page.getByText(/^\+\d+ more$/).first()).toBeVisible();
  const nine = (await page.locator('td.fc-timegrid-slot-lane[data-time="09:00:00"]').boundingBox())!;
  expect(nine.y + nine.height).toBeLessThanOrEqual(860);
});
