import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { axe, expect, mailTo, test, unique } from './fixtures';

const thisYear = new Date().getUTCFullYear();

async function newDeal(page: Page, customer_email: string | null = null) {
  const created = await page.request.post('/api/deals', {
    headers: { 'x-requested-with': 'torque' },
    data: {
      date: `${thisYear}-03-14`,
      manufacturer: 'Toyota',
      model: unique('RAV4'),
      year: thisYear,
      customer_name: unique('Desk Customer'),
      customer_phone: '(512) 555-0100',
      customer_email,
      agent_name: 'Anyone',
      contract_price_cents: 3_200_000,
      monthly_payment_cents: null,
      broker_fee_cents: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string };
}

test('an agent desks a financed deal with an upside-down trade, then the same deal as a lease on a phone', async ({
  agentPage: page,
}) => {
  const deal = await newDeal(page);
  await page.goto(`/deals/${deal.id}`);
  await page.getByRole('link', { name: 'Desk Deal' }).click();
  await expect(page.getByLabel('Selling price ($)')).toHaveValue('32000.00');

  // Texas by default: the draft already shows its tax on the price and the documentation fee.
  const figures = page.getByText('Cash price').locator('xpath=../..');
  await expect(figures).toContainText('Balance due');

  await page.getByRole('button', { name: 'Add trade-in' }).click();
  await page.getByLabel('Allowance ($)').fill('8,000');
  await page.getByLabel('Actual cash value ($)').fill('7500');
  await page.getByLabel('Payoff ($)').fill('11000');
  await expect(page.getByText('Negative equity carried in')).toBeVisible();
  await expect(page.getByText('Negative equity carried in').locator('xpath=following-sibling::dd[1]')).toHaveText('$3,000.00');
  // Allowance, payoff and one net line: the $3,000 is said once.
  const worksheetFigures = page.getByLabel('Worksheet figures');
  await expect(worksheetFigures.getByText('Trade-in allowance').locator('xpath=following-sibling::dd[1]')).toHaveText(
    '$8,000.00',
  );
  await expect(worksheetFigures.getByText('Trade-in payoff').locator('xpath=following-sibling::dd[1]')).toHaveText('$11,000.00');
  await expect(worksheetFigures.getByText(/\$3,000\.00/)).toHaveCount(1);

  await page.getByRole('radio', { name: 'Finance' }).click();
  await page.getByLabel('APR (%)').fill('6.9');
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(4);
  await expect(page.getByLabel('Finance terms')).toContainText(/(60|59) monthly payments of/);

  // A payoff without its lender is refused, and says so where it belongs.
  await page.getByRole('button', { name: 'Save worksheet' }).click();
  await expect(page.getByText('Enter the lender for the payoff')).toBeVisible();
  await page.getByLabel('Lender').fill('Ally Financial');
  await page.getByRole('button', { name: 'Save worksheet' }).click();
  await expect(page.getByText('Worksheet saved', { exact: true })).toBeVisible();

  const saved = await page.request.get(`/api/deals/${deal.id}/worksheet`);
  const worksheet = (await saved.json()) as {
    worksheet: { trade_ins: { payoff_cents: number; lender: string }[] };
    figures: { totals: { negative_equity_cents: number }; finance: { apr_percent: number; payment_cents: number } };
  };
  expect(worksheet.worksheet.trade_ins[0]).toMatchObject({ payoff_cents: 1_100_000, lender: 'Ally Financial' });
  expect(worksheet.figures.totals.negative_equity_cents).toBe(300_000);
  expect(worksheet.figures.finance.apr_percent).toBe(6.9);
  const payment = `$${(worksheet.figures.finance.payment_cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByLabel('Finance terms')).toContainText(payment);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByLabel('Lender')).toHaveValue('Ally Financial');
  await page.getByRole('radio', { name: 'Lease' }).click();
  await page.getByLabel('Residual ($)').fill('18000');
  await page.getByLabel('Money factor').fill('4.9');
  await page.getByLabel('Money factor').press('Tab');
  await expect(page.getByText('That looks like an APR: a money factor is about APR ÷ 2400, e.g. 0.00125')).toBeVisible();
  await expect(page.getByText('Correct the marked fields to see the figures.')).toBeVisible();
  await page.getByLabel('Money factor').fill('0.0015');
  await expect(page.getByText('≈ 3.60 % APR')).toBeVisible();
  await expect(page.getByLabel('Lease terms')).toContainText('Amount due at signing');
  // Texas taxes a lease on the price, at signing; beside it the sales tax the same car would carry if bought.
  await expect(page.getByLabel('Lease terms')).toContainText('Sales tax on the price, due at signing');
  await expect(page.getByLabel('Lease terms')).toContainText('Sales tax if bought (6.25 % of');
  await page.getByRole('button', { name: 'Save worksheet' }).click();
  await expect(page.getByText('Worksheet saved', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('link', { name: 'Back to Deal' }).click();
  await expect(page.getByText('Worksheet saved').first()).toBeVisible();
  await expect(page.getByText(/Lease · TX/)).toBeVisible();
  // The deal's price and payment are the worksheet's now: the deal's own form shows them, read-only.
  await page.getByRole('link', { name: 'Edit Deal' }).click();
  await expect(page.getByLabel('Contract Price ($)')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Broker Fee ($)')).toHaveAttribute('readonly', '');
  await expect(page.getByText('This comes from the worksheet: change it on the desk').first()).toBeVisible();
});

test('a salesperson presents two lease options; the customer accepts one on a phone and the deal moves', async ({
  agentPage: page,
  browser,
  baseURL,
}) => {
  const email = `quote.${Date.now().toString(36)}@example.com`;
  const deal = await newDeal(page, email);
  await page.goto(`/deals/${deal.id}/desk`);
  await page.getByLabel('Broker fee ($)').fill('495');
  await page.getByRole('button', { name: 'Add trade-in' }).click();
  await page.getByLabel('Make').fill('Honda');
  await page.getByLabel('Model').fill('Civic');
  await page.getByLabel('Allowance ($)').fill('9000');
  await page.getByLabel('Actual cash value ($)').fill('8500');
  await page.getByLabel('Payoff ($)').fill('6000');
  await page.getByLabel('Lender').fill('Ally Financial');
  await page.getByRole('radio', { name: 'Lease' }).click();
  await page.getByLabel('Residual ($)').fill('18000');
  await page.getByLabel('Money factor').fill('0.0015');

  // Two cells of the grid, marked in turn, are the quote's options.
  await page.getByRole('button', { name: /^Present 36 mo, \$0 down/ }).click();
  await page.getByRole('button', { name: /^Present 48 mo, \$1,000 down/ }).click();
  await expect(page.getByRole('button', { name: /^Present 48 mo, \$1,000 down/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('To present: 1. 36 mo, $0 down; 2. 48 mo, $1,000 down')).toBeVisible();
  await expect(page.getByText('Save the worksheet to send it as a quote.')).toBeVisible();
  await page.getByRole('button', { name: 'Save worksheet' }).click();
  await expect(page.getByText('Worksheet saved', { exact: true })).toBeVisible();

  await expect(page.getByLabel('Send to')).toHaveValue(email);
  await page.getByLabel('Note (optional)').fill('Thank you for visiting today.');
  await page.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText('Quote sent', { exact: true })).toBeVisible();
  const quotes = page.getByRole('list', { name: 'Quotes sent' });
  await expect(quotes).toContainText('Waiting for the customer');

  // The mail reached the SMTP peer with the customer's link.
  const mail = await mailTo(email);
  expect(mail.text).toContain('1. Lease, 36 months, $0 down');
  expect(mail.text).toContain('Thank you for visiting today.');
  const link = new URL(mail.text.match(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/)![0]);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(link.pathname);
  await expect(customer.getByRole('heading', { name: /^Your quote/ })).toBeVisible();
  await expect(customer.getByText(/Broker fee to .+, paid separately/)).toBeVisible();
  const { violations } = await axe(customer).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await customer.getByText('2. Lease, 48 months, $1,000 down').click();
  await customer.getByRole('button', { name: 'Accept option 2' }).click();
  await expect(customer.getByRole('status')).toContainText('You accepted Lease, 48 months, $1,000 down');
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await customer.reload();
  await expect(customer.getByRole('button', { name: /^Accept/ })).toHaveCount(0);
  await phone.close();

  // The desk hears of it at once; the deal has moved and says why on its timeline.
  await expect(quotes).toContainText('Accepted');
  await page.getByRole('link', { name: 'Back to Deal' }).click();
  await expect(page.getByText('In Progress').first()).toBeVisible();
  await expect(page.getByText('Quote accepted: Lease, 48 months, $1,000 down')).toBeVisible();
});

test('a financed quote discloses its unequal final payment on the desk, in the e-mail and on the customer’s page', async ({
  agentPage: page,
  browser,
  baseURL,
}) => {
  // Texas, $34,200 and the $150 documentation fee taxed at 6.25 %, $1,000 down: A = $35,496.88, 60 months at 5.9 % from
  // 3 December 2026. By hand (Regulation Z § 1026.18(g)–(h)): the level payment A·i / (1 − (1 + i)^−60), i = 0.059 / 12,
  // is $684.60; what 59 of them leave, carried to the 60th month, is the final payment $684.93 (3 December 2031); the
  // total of payments is 59 × 684.60 + 684.93 = $41,076.33.
  const schedule = '59 monthly payments of $684.60 from January 3, 2027, and 1 final payment of $684.93 on December 3, 2031';
  const email = `schedule.${Date.now().toString(36)}@example.com`;
  const deal = await newDeal(page, email);
  const saved = await page.request.put(`/api/deals/${deal.id}/worksheet`, {
    headers: { 'x-requested-with': 'torque' },
    data: {
      state: 'TX',
      updated_at: null,
      worksheet: {
        selling_price_cents: 3_420_000,
        fees: [{ name: 'Documentation fee', amount_cents: 15_000, taxable: true, kind: 'doc_fee' }],
        cash_down_cents: 100_000,
        structure: {
          kind: 'finance',
          apr_percent: 5.9,
          term_months: 60,
          contract_date: '2026-12-03',
          first_payment_date: '2027-01-03',
        },
      },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.goto(`/deals/${deal.id}/desk`);
  const terms = page.getByLabel('Finance terms');
  await expect(terms.getByText('59 monthly payments of')).toBeVisible();
  await expect(terms.getByText('59 monthly payments of').locator('xpath=following-sibling::dd[1]')).toHaveText('$684.60');
  await expect(terms.getByText('1 final payment of').locator('xpath=following-sibling::dd[1]')).toHaveText('$684.93');
  await expect(terms.getByText('Total of payments').locator('xpath=following-sibling::dd[1]')).toHaveText('$41,076.33');

  await page.getByRole('button', { name: 'Send quote' }).click();
  await expect(page.getByText('Quote sent', { exact: true })).toBeVisible();
  const mail = await mailTo(email);
  const link = new URL(mail.text.match(/https?:\/\/\S+\/quote\/[A-Za-z0-9_-]{43}/)![0]);

  const phone = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const customer = await phone.newPage();
  await customer.goto(link.pathname);
  const option = customer.getByRole('radio', { name: /Finance, 60 months, \$1,000 down/ }).locator('xpath=ancestor::label[1]');
  await expect(option).toContainText('$684.60 a month');
  await expect(option).toContainText(schedule);
  await expect(option).toContainText('total of payments $41,076.33');
  await expect(option).not.toContainText('60 monthly payments');
  await phone.close();
  // The e-mail says the same.
  expect(mail.text.replace(/\s+/g, ' ')).toContain(schedule);
  expect(mail.text.replace(/\s+/g, ' ')).toContain('total of payments $41,076.33');
});

test('a broker records three dealers’ offers, compares what the client pays, and picks one', async ({ agentPage: page }) => {
  const deal = await newDeal(page);
  await page.goto(`/deals/${deal.id}`);
  await page.getByRole('link', { name: 'Dealer Offers' }).click();
  await expect(page.getByText('No offers yet. Record the first dealer’s quote below.')).toBeVisible();

  // The first dealer's own quote, uploaded among the deal's documents, is attached to its offer.
  const pdf = await PDFDocument.create();
  pdf.addPage([300, 200]);
  await page
    .getByLabel('Upload Document')
    .setInputFiles({ name: 'lakeside-quote.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
  await expect(page.getByText('Document uploaded successfully')).toBeVisible();

  const form = page.getByRole('form', { name: 'Dealer offer' });
  for (const [dealer, price, fees] of [
    ['Lakeside Toyota', '31,900', '895'],
    ['Hill Country Toyota', '31,500', '1,500'],
    ['Capital Toyota', '32,900', ''],
  ] as const) {
    await form.getByLabel('Dealer', { exact: true }).fill(dealer);
    await form.getByLabel('Price ($)').fill(price);
    await form.getByLabel('Dealer fees ($)').fill(fees);
    if (dealer === 'Lakeside Toyota')
      await form.getByLabel('Dealer’s quote (optional)').selectOption({ label: 'lakeside-quote.pdf' });
    await form.getByRole('button', { name: 'Record offer' }).click();
    await expect(page.getByText('Offer recorded', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'Dealer offers' }).getByText(dealer, { exact: true })).toBeVisible();
  }

  // Texas at 6.25 %, which taxes a documentation fee and so the dealer's fees too: Lakeside 31,900 + 895 +
  // (31,900 + 895) × 6.25 % = 2,049.6875 → 2,049.69, $34,844.69 in all, the lowest of the three (Hill Country 31,500 +
  // 1,500 + 2,062.50 = $35,062.50; Capital 32,900 + 2,056.25 = $34,956.25).
  const table = page.getByRole('table', { name: 'Dealer offers' });
  await expect(table.getByRole('row')).toHaveCount(4);
  const lakeside = table.getByRole('row').filter({ hasText: 'Lakeside Toyota' });
  await expect(lakeside).toContainText('$34,844.69');
  await expect(lakeside).toContainText('Lowest');
  await expect(lakeside).toContainText('Quote: lakeside-quote.pdf');
  await expect(table.getByRole('row').filter({ hasText: 'Hill Country Toyota' })).toContainText('$35,062.50');

  // On a phone the comparison is one offer under another: every Choose button is on the screen, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const dealer of ['Lakeside Toyota', 'Hill Country Toyota', 'Capital Toyota']) {
    // Scrolled down to, never sideways: the button lies within the 390 px and is what a tap at its centre reaches
    // (not clipped by a box that scrolls sideways).
    const shown = await page.getByRole('button', { name: `Choose ${dealer}` }).evaluate((button) => {
      window.scrollTo(0, window.scrollY + button.getBoundingClientRect().top - 200);
      const box = button.getBoundingClientRect();
      const reached = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return { left: box.left, right: box.right, reached: reached !== null && button.contains(reached) };
    });
    expect(shown, dealer).toEqual({ left: expect.any(Number), right: expect.any(Number), reached: true });
    expect(shown.left, dealer).toBeGreaterThanOrEqual(0);
    expect(shown.right, dealer).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  const offers = page.getByRole('list', { name: 'Dealer offers' });
  await expect(offers.getByRole('listitem')).toHaveCount(3);
  await expect(offers.getByRole('listitem').filter({ hasText: 'Lakeside Toyota' })).toContainText('$34,844.69');

  await page.getByRole('button', { name: 'Choose Lakeside Toyota' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Why the others are declined')).toHaveValue('Higher total cost');
  await dialog.getByRole('button', { name: 'Choose offer' }).click();
  await expect(page.getByText('Offer chosen', { exact: true })).toBeVisible();
  await expect(offers.getByRole('listitem').filter({ hasText: 'Lakeside Toyota' })).toContainText('Chosen');
  await expect(page.getByRole('button', { name: /^Choose / })).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(lakeside).toContainText('Chosen');
  for (const dealer of ['Hill Country Toyota', 'Capital Toyota']) {
    const row = table.getByRole('row').filter({ hasText: dealer });
    await expect(row).toContainText('Declined');
    await expect(row).toContainText('Higher total cost');
  }

  // The deal's page names the chosen dealer, its fees and the client's total: the comparison's figure.
  await page.getByRole('link', { name: 'Back to Deal' }).click();
  await expect(page.getByText('Dealer offer chosen: Lakeside Toyota')).toBeVisible();
  await expect(page.getByText('$31,900').first()).toBeVisible();
  const figures = page.getByLabel('Chosen dealer’s figures');
  await expect(page.getByText('Chosen dealer', { exact: true })).toBeVisible();
  await expect(figures.getByText('Dealer fees').locator('xpath=following-sibling::dd[1]')).toHaveText('$895.00');
  await expect(figures.getByText('Client’s total').locator('xpath=following-sibling::dd[1]')).toHaveText('$34,844.69');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(figures).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the grid leads with the customer’s own $3,000 down; a completed deal’s desk is read-only and sends no quote', async ({
  agentPage: page,
}) => {
  const deal = await newDeal(page, `own.${Date.now().toString(36)}@example.com`);
  await page.goto(`/deals/${deal.id}/desk`);
  // Texas: 6.25 %, confirmed; Maryland's 6.5 % titling tax is marked unconfirmed beside its rate.
  await expect(page.getByText('State rate 6.25 %')).toBeVisible();
  await page.getByLabel('Taxed in').selectOption('MD');
  await expect(page.getByText('State rate 6.5 % (unconfirmed)')).toBeVisible();
  await page.getByLabel('Taxed in').selectOption('TX');

  await page.getByRole('radio', { name: 'Finance' }).click();
  await page.getByLabel('APR (%)').fill('6.9');
  await page.getByLabel('Cash down ($)').fill('3,000');
  const grid = page.getByRole('table');
  // The customer's own down is the first column, then the admins' $0 and $1,000; the worksheet's 60 months the first row.
  await expect(grid.getByRole('columnheader')).toHaveText(['Term', '$3,000 down', '$0 down', '$1,000 down']);
  await expect(grid.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('60 mo');
  await page.getByRole('button', { name: /^Present 60 mo, \$3,000 down/ }).click();
  await expect(page.getByText('To present: 1. 60 mo, $3,000 down')).toBeVisible();
  await page.getByRole('button', { name: 'Save worksheet' }).click();
  await expect(page.getByText('Worksheet saved', { exact: true })).toBeVisible();
  const vehicle = page.getByText('Vehicle and price').locator('xpath=ancestor::*[@data-slot="card"][1]');
  const gridCard = page.getByText('Payment grid').locator('xpath=ancestor::*[@data-slot="card"][1]');
  await page.screenshot({ path: 'test-results/desk-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(grid.getByRole('columnheader').nth(1)).toHaveText('$3,000 down');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await vehicle.screenshot({ path: 'test-results/desk-390-vehicle.png' });
  await gridCard.screenshot({ path: 'test-results/desk-390-grid.png' });

  // The deal is completed: its worksheet is what was signed.
  const current = await (await page.request.get(`/api/deals/${deal.id}`)).json();
  const completed = await page.request.put(`/api/deals/${deal.id}`, {
    headers: { 'x-requested-with': 'torque' },
    data: { ...current, status: 'completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  await page.reload();
  await expect(page.getByRole('note').filter({ hasText: 'This deal is completed: its worksheet is read-only' })).toBeVisible();
  await expect(page.getByLabel('Selling price ($)')).toBeDisabled();
  await expect(page.getByLabel('Selling price ($)')).toHaveValue('32000.00');
  await expect(page.getByRole('button', { name: 'Add trade-in' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Present 60 mo, \$3,000 down/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save worksheet' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send quote' })).toHaveCount(0);
  await expect(page.getByText('The deal is completed: no quote is sent from it.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/desk-completed-390.png' });
  await page.getByText('Customer quote').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/desk-completed-390-quote.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: 'test-results/desk-completed-1280.png' });
});
