import crypto from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { expect, mailTo, test, unique } from './fixtures';

test.describe('communications', () => {
  test('compose and send an e-mail; a reply that comes in shows as New with its customer', async ({ adminPage: page }) => {
    const name = unique('Mia Mailer');
    const address = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    const created = await page.request.post('/api/customers', {
      data: { name, email: address },
      headers: { 'x-requested-with': 'torque' },
    });
    expect(created.status()).toBe(201);

    await page.goto('/communications');
    const form = page.getByRole('form', { name: 'Compose an e-mail' });
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(form.getByText('Please fill in all email fields')).toBeVisible();
    await form.getByLabel('To').fill(address);
    await form.getByLabel('Subject').fill('Your new car');
    await form.getByLabel('Message', { exact: true }).fill('The papers are ready to sign.');
    await form.getByRole('button', { name: 'Send Email' }).click();
    // Nothing has left yet when the form is answered: the toast says queued, and Sent follows the delivery live.
    await expect(page.getByText('Email Queued', { exact: true })).toBeVisible();
    await expect(page.getByText('Email Sent', { exact: true })).toHaveCount(0);
    await expect(form.getByLabel('To')).toHaveValue('');
    const mail = await mailTo(address);
    expect(mail.subject).toBe('Your new car');
    expect(mail.text).toContain('The papers are ready to sign.');
    await page.getByRole('tab', { name: 'Sent' }).click();
    const sentRow = page.getByRole('list', { name: 'Sent' }).getByRole('listitem').filter({ hasText: 'Your new car' });
    await expect(sentRow).toContainText(name);
    await expect(sentRow.getByText('Sent', { exact: true })).toBeVisible();
    // With a mail server set up, admins are not told to set one up.
    await expect(page.getByText('E-mail is not being sent')).toHaveCount(0);

    // The reply arrives through the signed inbound webhook, as the mail service would post it.
    const hooks = await (await page.request.get('/api/settings/hooks')).json();
    const secret = hooks.items.find((h: { name: string }) => h.name === 'inbound_email').secret as string;
    const body = JSON.stringify({
      from: address,
      to: 'sales@torque.example',
      subject: 'Re: Your new car',
      text: 'I can come on Friday.',
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
    const posted = await page.request.post('/api/hooks/inbound-email', {
      data: body,
      headers: { 'content-type': 'application/json', 'x-torque-timestamp': timestamp, 'x-torque-signature': signature },
    });
    expect(posted.status()).toBe(200);

    await page.getByRole('tab', { name: 'Inbox' }).click();
    const reply = page.getByRole('list', { name: 'Inbox' }).getByRole('button').filter({ hasText: 'Re: Your new car' });
    await expect(reply).toContainText(name);
    await expect(reply.getByText('New', { exact: true })).toBeVisible();
    await reply.click();
    await expect(page.getByRole('dialog')).toContainText('I can come on Friday.');
    await page.keyboard.press('Escape');
    await expect(reply.getByText('New', { exact: true })).toHaveCount(0);
  });

  test("compose shows the address's e-mail consent beside To, and mails an opted-out customer only a transactional message", async ({
    agentPage: page,
  }) => {
    const headers = { 'x-requested-with': 'torque' };
    const name = unique('Otto Optout');
    const address = `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`;
    const created = await page.request.post('/api/customers', { data: { name, email: address }, headers });
    const consent = await page.request.post(`/api/customers/${(await created.json()).id}/consent`, {
      data: { channel: 'email', status: 'opted_out', source: 'phone' },
      headers,
    });
    expect(consent.status()).toBe(201);

    await page.goto('/communications');
    const form = page.getByRole('form', { name: 'Compose an e-mail' });
    const to = form.getByLabel('To');
    await to.fill(unique('lender').replace(/\W+/g, '.') + '@bank.example');
    await expect(to).toHaveAccessibleDescription('Not a customer');
    await to.fill(address);
    await expect(to).toHaveAccessibleDescription(
      `Opted out of e-mail ${name} Only a transactional message (not marketing) can be sent to this address.`,
    );
    await form.getByLabel('Subject').fill('This weekend only');
    await form.getByLabel('Message', { exact: true }).fill('Come and see the new arrivals.');
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      `${address} has opted out of e-mail. Only a transactional message (not marketing) can be sent to this address.`,
    );
    await expect(page.getByText('Failed to send email')).toBeVisible();

    await form.getByLabel('Subject').fill('Your registration');
    await form.getByLabel('Message', { exact: true }).fill('Your plates are ready to collect.');
    await form.getByLabel('Transactional message (not marketing)').check();
    await form.getByRole('button', { name: 'Send Email' }).click();
    await expect(page.getByText('Email Queued', { exact: true }).last()).toBeVisible();
    await expect(form.getByLabel('Transactional message (not marketing)')).not.toBeChecked();
    expect((await mailTo(address)).subject).toBe('Your registration');
  });

  test('upload a document to a deal from the Documents tab; it is listed with its type and deal', async ({ adminPage: page }) => {
    const customer = unique('Dora Documents');
    const deal = await page.request.post('/api/deals', {
      headers: { 'x-requested-with': 'torque' },
      data: {
        date: '2026-06-01',
        manufacturer: 'Subaru',
        model: 'Outback',
        year: 2025,
        customer_name: customer,
        agent_name: 'x',
        contract_price_cents: 3_400_000,
        broker_fee_cents: 70_000,
      },
    });
    expect(deal.status()).toBe(201);

    await page.goto('/communications?tab=documents');
    const form = page.getByRole('form', { name: 'Upload a deal document' });
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(form.getByText('Please fill in all fields and select a file')).toBeVisible();

    await form.getByLabel('Deal').fill(customer);
    await page.getByRole('option', { name: new RegExp(customer) }).click();
    await form.getByLabel('Document type').click();
    await page.getByRole('option', { name: 'Contract' }).click();
    const pdf = await PDFDocument.create();
    pdf.addPage([300, 200]);
    await form
      .getByLabel('File')
      .setInputFiles({ name: 'purchase-agreement.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await form.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Document Uploaded')).toBeVisible();

    const row = page.getByRole('table', { name: 'All documents' }).getByRole('row').filter({ hasText: customer });
    await expect(row).toContainText('purchase-agreement.pdf');
    await expect(row).toContainText('Contract');
    await expect(page.getByRole('list', { name: 'Recent documents' })).toContainText('purchase-agreement.pdf');
  });
});
