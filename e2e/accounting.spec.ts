import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, joinTeam, open, test, unique } from './fixtures';

type Agents = { agents: { agent_name: string; commission_rate: number; own_rate: boolean }[] };

const rateOf = async (page: Page, name: string) => {
  const response = await page.request.get('/api/accounting/agents');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as Agents).agents.find((a) => a.agent_name === name);
};

test('an admin sets an agent’s commission rate and downloads the commission report', async ({ adminPage: page, browser }) => {
  // An agent of the journey's own, on the company's rate: the demo's agents keep theirs for the journeys that read them.
  const agent = await joinTeam(page, browser, 'agent', unique('Liam Rate'));
  await agent.close();
  await open(page, '/accounting');
  await expect(page.getByRole('heading', { name: 'Accounting & Commissions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Commission Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Average Rate')).toBeVisible();

  const rate = page.getByLabel(`Commission rate of ${agent.name} (%)`).filter({ visible: true });
  await expect(rate).toHaveValue('2.5');

  // Out of range: the message, and nothing saved.
  await rate.fill('101');
  await rate.press('Enter');
  await expect(page.getByText('Commission rate must be between 0 and 100')).toBeVisible();
  expect(await rateOf(page, agent.name)).toMatchObject({ commission_rate: 2.5, own_rate: false });

  await rate.fill('3.25');
  await rate.press('Enter');
  await expect(page.getByText('Commission Updated')).toBeVisible();
  await expect(page.getByText(`${agent.name} now earns 3.25% on deals completed from now on.`)).toBeVisible();
  expect(await rateOf(page, agent.name)).toMatchObject({ commission_rate: 3.25, own_rate: true });

  await page.getByRole('tab', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/tab=reports/);
  await expect(page.getByRole('columnheader', { name: 'Agent' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  await expect(page.getByText('Download Started')).toBeVisible();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`commissions-${new Date().getUTCFullYear()}.csv`);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe(
    'Deal ID,Date,Manufacturer,Model,Customer,Sale Price,Broker Fee,Commission Rate,Commission Amount',
  );
});

test('an agent sees only their own commissions, without Commission Management', async ({ agentPage: page }) => {
  await open(page, '/accounting');
  await expect(page.getByRole('tab', { name: 'Deal Commission' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Commission Management' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Commission' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Agent' })).toHaveCount(0);
  expect((await page.request.get('/api/accounting/agents')).status()).toBe(403);
});
