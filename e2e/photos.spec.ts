import { PNG } from 'pngjs';
import sharp from 'sharp';
import { expect, test, unique } from './fixtures';

const HEADERS = { 'x-requested-with': 'torque' };

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A photo as a phone's camera roll gives it: a JPEG of its own colour. */
const photo = (n: number) =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30 * n, g: 200 - 20 * n, b: 90 } } })
    .jpeg()
    .toBuffer();

test('eight photos added from a phone, reordered, one made the cover: the inventory and the offer image show it', async ({
  agentPage: page,
}) => {
  const model = unique('Forester');
  const created = await page.request.post('/api/vehicles', {
    headers: HEADERS,
    data: { make: 'Subaru', model, year: 2024, price_cents: 2_990_000 },
  });
  expect(created.status()).toBe(201);
  const vehicle = (await created.json()) as { id: string };

  await page.goto(`/inventory/${vehicle.id}`);
  await expect(page.getByText('No photos yet.')).toBeVisible();
  const files = await Promise.all(
    Array.from({ length: 8 }, async (_, n) => ({ name: `IMG_10${n}.jpg`, mimeType: 'image/jpeg', buffer: await photo(n) })),
  );
  await page.getByLabel('Add photos').setInputFiles(files);
  await expect(page.getByText('8 photos added', { exact: true })).toBeVisible();
  const tiles = page.getByRole('list', { name: 'Vehicle photos' }).getByRole('listitem');
  await expect(tiles).toHaveCount(8);
  await expect(page.getByRole('list', { name: 'Photos being uploaded' })).toHaveCount(0);

  // Uploads run side by side and land in the order they finish; the batch then takes the order the files were picked.
  const alts = () => tiles.getByRole('img').evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
  await expect.poll(alts).toEqual(files.map((file) => file.name));
  const first = await alts();

  // The arrows move a photo; the star makes it the cover.
  await page.getByRole('button', { name: 'Move Photo 1, the cover later' }).click();
  await expect.poll(alts).toEqual([first[1], first[0], ...first.slice(2)]);
  await page.getByRole('button', { name: 'Make photo 5 the cover' }).click();
  await expect.poll(alts).toEqual([first[4], first[1], first[0], first[2], first[3], ...first.slice(5)]);
  await expect(tiles.nth(0)).toContainText('Cover');

  // Dragged by its handle, the last photo goes first.
  const handle = page.getByRole('button', { name: 'Drag Photo 8 to reorder' });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await tiles.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y - 10, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 3, { steps: 12 });
  await page.mouse.up();
  const dragged = [first[7], first[4], first[1], first[0], first[2], first[3], first[5], first[6]];
  await expect.poll(alts).toEqual(dragged);

  await page.reload();
  await expect(tiles).toHaveCount(8);
  await expect.poll(alts).toEqual(dragged);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Full screen, and on to the next.
  await tiles
    .nth(0)
    .getByRole('button', { name: /Open Photo 1/ })
    .click();
  const viewer = page.getByRole('dialog');
  await expect(viewer.getByText('1 / 8')).toBeVisible();
  await viewer.getByRole('button', { name: 'Next' }).click();
  await expect(viewer.getByRole('img')).toHaveAttribute('alt', dragged[1]!);
  await page.keyboard.press('Escape');

  // The inventory's card shows the cover.
  const photos = (await (await page.request.get(`/api/vehicles/${vehicle.id}/photos`)).json()) as {
    items: { id: string; urls: { full: string } }[];
  };
  await page.goto(`/inventory?q=${encodeURIComponent(model)}`);
  const card = page.getByRole('list', { name: 'Vehicles' }).getByRole('listitem').filter({ hasText: model });
  await expect(card.locator('img')).toHaveAttribute('src', new RegExp(`/photos/${photos.items[0]!.id}/thumb\\.jpg$`));

  // The vehicle's offer image is drawn over its cover: at the right edge, half-way down, the cover's colour shows.
  const made = await page.request.post('/api/offers/image', { headers: HEADERS, data: { vehicle_id: vehicle.id } });
  expect(made.status()).toBe(201);
  const image = PNG.sync.read(await (await page.request.get(new URL((await made.json()).url).pathname)).body());
  const i = ((image.height / 2) * image.width + image.width - 8) * 4;
  const cover = PNG.sync.read(
    await sharp(await (await page.request.get(photos.items[0]!.urls.full)).body())
      .png()
      .toBuffer(),
  );
  const j = ((cover.height / 2) * cover.width + cover.width - 8) * 4;
  // The shade darkens the photo, keeping its hue: the channel strongest in the cover is strongest in the image too.
  const strongest = (data: Buffer, at: number) => [0, 1, 2].reduce((best, c) => (data[at + c]! > data[at + best]! ? c : best), 0);
  expect(strongest(image.data, i)).toBe(strongest(cover.data, j));
});
