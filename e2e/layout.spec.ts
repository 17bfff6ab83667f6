import type { Page } from '@playwright/test';
import { expect, open, screens, showScreen, test } from './fixtures';

const headers = { 'x-requested-with': 'torque' };
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The innermost elements that reach past the right edge of the window, to say what widens the page. */
function widest(page: Page) {
  return page.evaluate(() => {
    const past = Array.from(document.querySelectorAll<HTMLElement>('body *:not(svg *)')).filter(
      (element) => element.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    return past
      .filter((element) => !past.some((other) => other !== element && element.contains(other)))
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()}> "${(element.textContent ?? '').trim().slice(0, 60)}"`)
      .join(', ');
  });
}

test('every screen fits a phone (390 px) without scrolling sideways, long names and addresses included', async ({
  adminPage: page,
}) => {
  test.setTimeout(180_000);
  await open(page, '/dashboard');
  // Records with the longest words a dealership meets: they must wrap or be cut, never widen the page.
  const long = `someone.with.a.rather.long.name.${Date.now()}@example-dealership-group.com`;
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data, headers });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  await post('/api/team/invitations', { email: long, role: 'agent', send: true });
  await post('/api/customers', { name: `Maximiliana-Alessandra Montgomery-Worthington ${Date.now()}`, email: `c.${long}` });
  const source = await post('/api/settings/lead-sources', { name: `AutoMarketplaceLeadsExchange ${Date.now()}` });
  await post('/api/emails', {
    to: `m.${long}`,
    subject: 'Your purchase agreement and the registration documents',
    message: 'Hi.',
  });
  const deal = await post('/api/deals', {
    date: new Date().toISOString().slice(0, 10),
    manufacturer: 'Mercedes-Benz',
    model: 'GLE 450 4MATIC Coupé',
    year: 2025,
    customer_name: `Maximiliana-Alessandra Montgomery-Worthington ${Date.now()}`,
    agent_name: 'x',
    contract_price_cents: 8_950_000,
    broker_fee_cents: 150_000,
  });
  const uploaded = await page.request.post(`/api/deals/${deal.id}/documents`, {
    headers,
    multipart: {
      file: { name: `purchase-agreement-signed-by-both-parties-${Date.now()}.pdf`, mimeType: 'application/pdf', buffer: pdf },
    },
  });
  expect(uploaded.ok()).toBe(true);

  await page.setViewportSize({ width: 390, height: 844 });
  const overflowing: string[] = [];
  for (const screen of screens) {
    await showScreen(page, screen);
    await expect(page.getByRole('main')).toBeVisible();
    // Loaded: no loading words left.
    await expect(page.getByRole('status')).toHaveCount(0, { timeout: 15_000 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) overflowing.push(`${screen}: ${overflow}px, ${await widest(page)}`);
  }
  await page.request.delete(`/api/settings/lead-sources/${source.id}`, { headers });
  expect(overflowing).toEqual([]);
});
