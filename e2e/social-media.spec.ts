import { PNG } from 'pngjs';
import { expect, mailTo, open, test, unique } from './fixtures';

const headers = { 'x-requested-with': 'torque' };

test.describe('social media', () => {
  test('create a custom offer, generate its 1080 × 1080 image with the caption, and delete it', async ({ adminPage: page }) => {
    await open(page, '/social-media');
    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect(page.getByText('Please select a vehicle first')).toBeVisible();

    // A vehicle from inventory first: choosing a custom offer afterwards empties the vehicle field.
    const vehicleField = page.getByLabel('Vehicle from inventory');
    await vehicleField.click();
    await page.getByRole('option').first().click();
    await expect(vehicleField).not.toHaveValue('');

    const model = unique('M').replace(' ', '');
    await page.getByRole('button', { name: 'Create Custom Offer' }).click();
    const form = page.getByRole('form', { name: 'Create a custom offer' });
    await form.getByRole('button', { name: 'Create Offer' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please fill in all required fields (Make, Model, Year, Price)');
    await form.getByLabel('Make *').fill('Porsche');
    await form.getByLabel('Model *').fill(model);
    await form.getByLabel('Year *').fill('2022');
    await form.getByLabel('Price *').fill('$89,500');
    await form.getByLabel('Original Price').fill('$94,000');
    await form.getByLabel('Color').fill('Guards Red');
    await form.getByLabel('Features (comma separated)').fill('Sport Chrono, Bose audio, PASM, Sunroof');
    await form.getByRole('button', { name: 'Create Offer' }).click();
    await expect(page.getByText('Custom Offer Created')).toBeVisible();
    const row = page.getByRole('list', { name: 'Custom offers' }).getByRole('listitem').filter({ hasText: model });
    await expect(row.getByText('Selected')).toBeVisible();
    await expect(vehicleField).toHaveValue('');

    await page.getByRole('button', { name: 'Generate Image' }).click();
    await expect(page.getByText('Image Generated')).toBeVisible();
    const image = page.getByRole('img', { name: `Offer image: 2022 Porsche ${model}` });
    await expect(image).toBeVisible();
    const src = await image.getAttribute('src');
    const png = PNG.sync.read(Buffer.from(await (await page.request.get(src!)).body()));
    expect([png.width, png.height]).toEqual([1080, 1080]);
    const caption = page.getByLabel('Caption');
    await expect(caption).toContainText('Price: $89,500');
    await expect(caption).toContainText('Save $4,500 (was $94,000)');
    await expect(caption).not.toContainText('Sunroof');
    // Its emoji are drawn with the bundled Twemoji font, in colour, on a machine with no emoji font of its own.
    expect(await caption.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Twemoji');
    await expect.poll(() => page.evaluate(() => document.fonts.check('16px Twemoji', '🚗'))).toBe(true);
    await expect
      .poll(() =>
        page.evaluate(() => {
          let loaded = false;
          document.fonts.forEach((f) => (loaded ||= f.family.replaceAll('"', '') === 'Twemoji' && f.status === 'loaded'));
          return loaded;
        }),
      )
      .toBe(true);

    await row.getByRole('button', { name: `Delete 2022 Porsche ${model}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Offer Deleted')).toBeVisible();
    await expect(row).toHaveCount(0);
    // A posted image keeps its address after its offer is gone.
    expect((await page.request.get(src!)).status()).toBe(200);
  });

  test('send an offer by e-mail to two customers, one of whom opted out: one mail, one skipped', async ({ adminPage: page }) => {
    const stem = unique('Offer Buyer');
    const people = [
      { name: `${stem} Yes`, status: 'opted_in' },
      { name: `${stem} No`, status: 'opted_out' },
    ].map((p) => ({ ...p, email: `${p.name.toLowerCase().replace(/\W+/g, '.')}@example.com` }));
    for (const person of people) {
      const created = await page.request.post('/api/customers', { data: { name: person.name, email: person.email }, headers });
      expect(created.status()).toBe(201);
      const consent = await page.request.post(`/api/customers/${(await created.json()).id}/consent`, {
        data: { channel: 'email', status: person.status, source: 'in_person', wording: 'Send me offers by e-mail.' },
        headers,
      });
      expect(consent.status()).toBe(201);
    }
    const offer = await page.request.post('/api/offers/custom', {
      data: { make: 'Lexus', model: 'RX 350', year: '2024', price: '52,000' },
      headers,
    });
    expect(offer.status()).toBe(201);

    await page.goto('/social-media');
    await page
      .getByRole('list', { name: 'Custom offers' })
      .getByRole('button', { name: /2024 Lexus RX 350/ })
      .first()
      .click();
    await page.getByRole('tab', { name: 'Customer Notifications' }).click();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(stem);
    const list = page.getByRole('list', { name: 'Customers to notify' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: people[1]!.name })).toContainText('Opted out');
    for (const person of people) await list.getByRole('checkbox', { name: new RegExp(person.name) }).check();
    await page.getByRole('button', { name: 'Send Email Offer to 2' }).click();
    await expect(page.getByText('Notifications Sent')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 sent' })).toHaveText('1 sent · 1 skipped: opted out of e-mail');

    const mail = await mailTo(people[0]!.email);
    expect(mail.subject).toContain('2024 Lexus RX 350');
    expect(mail.text).toContain('To stop receiving offers by e-mail');
    const outbox = await (await page.request.get('/api/outbox?limit=100')).json();
    expect(outbox.items.map((item: { to: string }) => item.to)).not.toContain(people[1]!.email);
  });

  test('accounts: an agent connects their own, not the company’s', async ({ agentPage: page }) => {
    await open(page, '/social-media?tab=accounts');
    const table = page.getByRole('table', { name: 'Instagram accounts' });
    await expect(table.getByRole('button', { name: 'Manage @torque.auto' })).toBeDisabled();
    await expect(table.getByRole('button', { name: /connect @torque\.auto/i })).toBeDisabled();
    const own = table.getByRole('button', { name: /^(Connect|Disconnect) @emma\.drives$/ });
    await expect(own).toBeEnabled();
    const before = await own.textContent();
    await own.click();
    await expect(page.getByText(before === 'Connect' ? 'Account Connected' : 'Account Disconnected')).toBeVisible();
    await own.click();
    await expect(table.getByRole('button', { name: /^(Connect|Disconnect) @emma\.drives$/ })).toHaveText(before!);
  });

  test('Gmail sync asks for the Zapier URL and refuses a private address', async ({ adminPage: page }) => {
    await open(page, '/communications?tab=gmail');
    await page.getByRole('button', { name: 'Sync Gmail' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter your Zapier webhook URL');
    await page.getByLabel('Zapier Webhook URL').fill('http://192.168.1.20/hook');
    await page.getByRole('button', { name: 'Sync Gmail' }).click();
    await expect(page.getByText('Failed to trigger Gmail sync. Please check the URL and try again.')).toBeVisible();
  });
});
