import {
  FEED_NAMESPACE,
  FEED_VERSION,
  feedCsvColumns,
  type FeedDealer,
  type FeedFormat,
  type FeedVehicle,
} from '../../../shared/listings/schemas.js';
import { csvChunks } from '../../http/csv.js';

/**
 * A feed's documents, written as the vehicles are read (docs/listing-feed.md): a large inventory never sits in
 * memory whole. Each writer takes the batches of `listedVehicles` and yields text.
 */
type Writer = (dealer: FeedDealer, batches: AsyncIterable<FeedVehicle[]>, generatedAt: Date) => AsyncIterable<string>;

function csv(dealer: FeedDealer, batches: AsyncIterable<FeedVehicle[]>): AsyncIterable<string> {
  const address = dealer.address?.replace(/\s*\n\s*/g, ', ') ?? null;
  return csvChunks([...feedCsvColumns], batches, (v) => [
    v.id,
    v.url,
    v.vin,
    v.year,
    v.make,
    v.model,
    v.condition,
    v.mileage,
    v.exterior_color,
    v.price,
    v.currency,
    v.location,
    v.features.join('|'),
    v.photos.map((photo) => photo.url).join('|'),
    dealer.name,
    dealer.phone,
    address,
    v.updated_at,
  ]);
}

async function* json(dealer: FeedDealer, batches: AsyncIterable<FeedVehicle[]>, generatedAt: Date) {
  const head = JSON.stringify({ version: FEED_VERSION, generated_at: generatedAt.toISOString(), dealer });
  yield `${head.slice(0, -1)},"vehicles":[`;
  let first = true;
  for await (const batch of batches) {
    let text = '';
    for (const vehicle of batch) {
      text += (first ? '\n' : ',\n') + JSON.stringify(vehicle);
      first = false;
    }
    if (text) yield text;
  }
  yield '\n]}\n';
}

// XML 1.0 has no way to write these characters at all: they are left out.
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is matched
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDFFF]/g;
const xmlText = (value: string) =>
  value
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
/** An element with its text, left out when there is none (the schema makes it optional). */
const element = (name: string, value: string | number | null) =>
  value === null ? '' : `<${name}>${xmlText(String(value))}</${name}>`;

function xmlVehicle(v: FeedVehicle) {
  const features = v.features.map((feature) => element('feature', feature)).join('');
  const photos = v.photos
    .map((photo) => `<photo url="${xmlText(photo.url)}" width="${photo.width}" height="${photo.height}"/>`)
    .join('');
  return (
    `<vehicle id="${xmlText(v.id)}">` +
    element('url', v.url) +
    element('vin', v.vin) +
    element('year', v.year) +
    element('make', v.make) +
    element('model', v.model) +
    element('condition', v.condition) +
    element('mileage', v.mileage) +
    element('exterior_color', v.exterior_color) +
    `<price currency="${v.currency}">${v.price}</price>` +
    element('location', v.location) +
    `<features>${features}</features><photos>${photos}</photos>` +
    element('updated_at', v.updated_at) +
    '</vehicle>'
  );
}

async function* xml(dealer: FeedDealer, batches: AsyncIterable<FeedVehicle[]>, generatedAt: Date) {
  yield (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<inventory xmlns="${FEED_NAMESPACE}" version="${FEED_VERSION}" generated_at="${generatedAt.toISOString()}">\n` +
    `<dealer>${element('name', dealer.name)}${element('address', dealer.address)}${element('phone', dealer.phone)}${element('email', dealer.email)}</dealer>\n`
  );
  for await (const batch of batches) {
    if (batch.length > 0) yield batch.map((vehicle) => `${xmlVehicle(vehicle)}\n`).join('');
  }
  yield '</inventory>\n';
}

export const feedWriters: Record<FeedFormat, { contentType: string; write: Writer }> = {
  csv: { contentType: 'text/csv; charset=utf-8', write: csv },
  xml: { contentType: 'application/xml; charset=utf-8', write: xml },
  json: { contentType: 'application/json; charset=utf-8', write: json },
};
