import type { Page } from '@playwright/test';
import { axe, expect, open, test, unique } from './fixtures';

async function seriousViolations(page: Page) {
  const { violations } = await axe(page).include('[role="dialog"]').analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

test.describe('imports', () => {
  test('import a CSV of customers: map a column, check the rows, import with a progress bar, see them in the list', async ({
    agentPage: page,
  }) => {
    await open(page, '/dashboard');
    await page.getByRole('link', { name: 'Customers' }).first().click();
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import customers' });
    await expect(dialog).toBeVisible();

    const tag = unique('Imported').split(' ')[1]!;
    const rows = [
      'Full Name,E-mail,Mobile,Town,Status',
      `Ivy ${tag},ivy.${tag}@example.com,(512) 555-0101,Austin TX,Active`,
      `Ike ${tag},ike.${tag}@example.com,(512) 555-0102,Dallas TX,`,
      `,nobody.${tag}@example.com,,Houston TX,`,
      `Vic ${tag},vic.${tag}@example.com,,El Paso TX,VIP`,
      `Eve ${tag},eve.${tag},,Waco TX,prospect`,
    ];
    const file = { name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) };
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();

    // The mapping step: the file's own headers are matched; 'Town' is mapped by hand.
    await expect(dialog.getByText('Step 2 of 4: map the columns.')).toBeVisible();
    await expect(dialog.getByLabel('Name *')).toHaveValue('0');
    await expect(dialog.getByLabel('Email')).toHaveValue('1');
    await expect(dialog.getByLabel('Location')).toHaveValue('');
    await expect(dialog.getByRole('cell', { name: `Ivy ${tag}` })).toBeVisible();
    await dialog.getByLabel('Name *').selectOption({ label: 'Don’t import' });
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose the column for Name');
    await dialog.getByLabel('Name *').selectOption({ label: 'Full Name' });
    await dialog.getByLabel('Location').selectOption({ label: 'Town' });
    expect(await seriousViolations(page), 'the mapping step').toEqual([]);

    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByText('Step 3 of 4')).toBeVisible();
    await expect(dialog.getByTestId('import-count-new')).toContainText('2');
    await expect(dialog.getByTestId('import-count-invalid')).toContainText('3');
    // Each reason is in plain words and names the field.
    await expect(dialog.getByRole('row', { name: '4 Name is required' })).toBeVisible();
    await expect(dialog.getByRole('row', { name: '5 Status must be active, prospect or inactive' })).toBeVisible();
    await expect(dialog.getByRole('row', { name: '6 Invalid email' })).toBeVisible();

    // The button counts the rows it will write, and says what it skips.
    await dialog.getByRole('button', { name: 'Import 2 rows (3 skipped)' }).click();
    const progress = dialog.getByRole('progressbar');
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', '100');
    await expect(dialog.getByText('Import finished.')).toBeVisible();
    await expect(dialog.getByTestId('import-outcome')).toHaveText('Imported 2, skipped 3');
    await expect(dialog.getByTestId('import-count-new')).toContainText('2');
    await expect(dialog.getByRole('button', { name: 'Undo import' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search customers' }).fill(tag);
    await expect(page.getByText(`Ivy ${tag}`).first()).toBeVisible();
    await expect(page.getByText(`Ike ${tag}`).first()).toBeVisible();

    // The same file again: the two customers are already as the file has them, so there is nothing to write.
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.getByLabel('CSV file').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByRole('button', { name: 'Check rows' }).click();
    await expect(dialog.getByTestId('import-count-unchanged')).toContainText('2');
    await expect(dialog.getByRole('button', { name: 'Nothing to import (3 skipped, 2 already up to date)' })).toBeDisabled();
  });

  test('import vehicles on a phone in the dark theme, by keyboard, and undo the import', async ({ adminPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('ui-theme', 'dark'));
    await open(page, '/inventory');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import vehicles' });
    const vin = `1HGCM82633A${String(Date.now()).slice(-6)}`;
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Choose a CSV file to import');
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'photo.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(dialog.getByRole('alert')).toContainText('This is not a CSV file');
    await dialog.getByLabel('CSV file').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Year,Make,Model,VIN,Price\r\n2021,Honda,Accord,${vin},"$21,500"\r\n`),
    });
    await dialog.getByRole('button', { name: 'Upload' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('VIN *')).toHaveValue('3');
    expect(await seriousViolations(page), 'the mapping step on a phone').toEqual([]);
    await dialog.getByRole('button', { name: 'Check rows' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('import-count-new')).toContainText('1');
    await dialog.getByRole('button', { name: 'Import 1 row', exact: true }).click();
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(dialog.getByTestId('import-outcome')).toHaveText('Imported 1');
    expect(await seriousViolations(page), 'the summary on a phone').toEqual([]);
    await dialog.getByRole('button', { name: 'Undo import' }).click();
    await expect(dialog.getByText('Undone: 1 removed, 0 restored.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
