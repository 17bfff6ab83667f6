import { expect, signIn, test, unique } from './fixtures';

test('an agent adds a task from a customer page, finds it under Today and completes it onto the customer’s timeline', async ({
  page,
}) => {
  await signIn(page, 'agent');
  const mine = (await (await page.request.get('/api/customers?limit=1')).json()) as { items: { id: string; name: string }[] };
  const customer = mine.items[0]!;
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
