import { dollarsText, formatDollars } from '../../../shared/money.js';
import { vehicleConditionLabels } from '../../../shared/vehicles/options.js';
import { escapeHtml as escape, htmlPage } from '../../http/html.js';
import { leadForm, type FormState } from '../leads/index.js';
import type { PublicVehicle } from './service.js';

/** The vehicle page may show only its own photos and post only to Torque; nothing may frame it, no script runs. */
export const VEHICLE_PAGE_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Where the page's lead form posts. */
export const vehicleLeadPath = (vehicle: Pick<PublicVehicle, 'path'>) =>
  `/api/listings${vehicle.path.slice('/cars'.length)}/lead`;

const style = `
main { max-width: 60rem; }
header { display: flex; justify-content: space-between; gap: 1rem; flex-wrap: wrap; align-items: baseline;
  border-bottom: 1px solid var(--line); padding-bottom: .75rem; margin-bottom: 1.25rem; }
header strong { font-size: 1rem; }
header a, .contact a { color: inherit; }
.layout { display: grid; gap: 1.5rem; }
.layout > * { min-width: 0; }
@media (min-width: 48rem) { .layout { grid-template-columns: 3fr 2fr; } }
.price { font-size: 1.75rem; font-weight: 700; margin: .25rem 0 .5rem; color: var(--fg); }
.sub { margin-bottom: 1rem; }
.cover { width: 100%; height: auto; aspect-ratio: 3 / 2; object-fit: cover; border-radius: .75rem; background: var(--line);
  display: block; }
.strip { display: flex; gap: .5rem; overflow-x: auto; margin: .5rem 0 0; padding: 0 0 .25rem; list-style: none; }
.strip img { width: 7.5rem; height: auto; aspect-ratio: 3 / 2; object-fit: cover; border-radius: .5rem; display: block; }
.none { aspect-ratio: 3 / 2; border: 1px dashed var(--line); border-radius: .75rem; display: grid; place-items: center;
  color: var(--muted); font-size: .9rem; }
h2 { font-size: 1rem; margin: 1.5rem 0 .5rem; }
dl { display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .75rem 1rem; margin: 0; }
dt { color: var(--muted); font-size: .8rem; }
dd { margin: 0; font-weight: 500; overflow-wrap: anywhere; }
.whole { grid-column: 1 / -1; }
.whole dd { overflow-wrap: normal; white-space: nowrap; letter-spacing: .02em; font-variant-numeric: tabular-nums; }
ul.features { padding-left: 1.1rem; margin: 0; columns: 2; font-size: .9rem; }
.contact { font-size: .9rem; line-height: 1.5; }
.contact p { margin: 0; color: var(--fg); }
aside { border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; align-self: start; }
aside h2:first-child { margin-top: 0; }
section h1 { margin-top: 1rem; }
.notice { border: 1px solid var(--line); border-radius: .75rem; padding: 1rem; color: var(--fg); }
`;

const mileage = (miles: number) => `${miles.toLocaleString('en-US')} mi`;

function dealerBlock(dealer: PublicVehicle['dealer']) {
  const lines = [
    `<p><strong>${escape(dealer.name)}</strong></p>`,
    dealer.address ? `<p>${escape(dealer.address).replace(/\n/g, '<br>')}</p>` : '',
    dealer.phone ? `<p><a href="tel:${escape(dealer.phone.replace(/[^\d+]/g, ''))}">${escape(dealer.phone)}</a></p>` : '',
    dealer.email ? `<p><a href="mailto:${escape(dealer.email)}">${escape(dealer.email)}</a></p>` : '',
  ];
  return `<div class="contact">${lines.join('')}</div>`;
}

/** The Open Graph and schema.org description of the vehicle, for the links people share and the search engines. */
function head(vehicle: PublicVehicle, name: string, origin: string) {
  const cover = vehicle.sold ? undefined : vehicle.photos[0];
  const image = cover ? `${origin}${vehicle.path}/photos/${cover.id}/full.jpg` : null;
  const price = formatDollars(vehicle.price_cents, { exact: vehicle.price_cents % 100 !== 0 });
  const car = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    brand: { '@type': 'Brand', name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    ...(vehicle.vin && { vehicleIdentificationNumber: vehicle.vin }),
    ...(vehicle.color && { color: vehicle.color }),
    itemCondition: vehicle.condition === 'new' ? 'https://schema.org/NewCondition' : 'https://schema.org/UsedCondition',
    mileageFromOdometer: { '@type': 'QuantitativeValue', value: vehicle.mileage, unitCode: 'SMI' },
    ...(image && { image }),
    offers: {
      '@type': 'Offer',
      price: dollarsText(vehicle.price_cents),
      priceCurrency: 'USD',
      availability: vehicle.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      seller: { '@type': 'AutoDealer', name: vehicle.dealer.name },
    },
  };
  // '<' is escaped so no text of the vehicle's can end the script element.
  const jsonLd = JSON.stringify(car).replace(/</g, '\\u003c');
  return [
    `<meta name="description" content="${escape(`${name}, ${price}, ${mileage(vehicle.mileage)}, at ${vehicle.dealer.name}`)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:title" content="${escape(`${name} – ${price}`)}">`,
    `<meta property="og:url" content="${escape(`${origin}${vehicle.path}`)}">`,
    image ? `<meta property="og:image" content="${escape(image)}">` : '',
    `<script type="application/ld+json">${jsonLd}</script>`,
    '',
  ].join('\n');
}

/**
 * A vehicle's public page, plain HTML that works without script and on a phone first: its photos, price and facts,
 * its features, the dealership, and a form whose message reaches the lead intake with this vehicle as its interest.
 */
export function vehiclePage(vehicle: PublicVehicle, origin: string, state: FormState & { sent?: boolean } = {}) {
  const name = `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  const photoUrl = (id: string, size: 'thumb' | 'card' | 'full') => `${vehicle.path}/photos/${id}/${size}.jpg`;
  // A sold vehicle's photos are no longer served: its page keeps its facts only.
  const [cover, ...rest] = vehicle.sold ? [] : vehicle.photos;
  const gallery = cover
    ? `<a href="${photoUrl(cover.id, 'full')}"><img class="cover" src="${photoUrl(cover.id, 'card')}" alt="${escape(name)}" width="${cover.width}" height="${cover.height}"></a>` +
      (rest.length > 0
        ? `<ul class="strip" aria-label="More photos">${rest
            .map(
              (photo, i) =>
                `<li><a href="${photoUrl(photo.id, 'full')}"><img src="${photoUrl(photo.id, 'thumb')}" alt="${escape(`${name}, photo ${i + 2}`)}" loading="lazy" width="${photo.width}" height="${photo.height}"></a></li>`,
            )
            .join('')}</ul>`
        : '')
    : vehicle.sold
      ? ''
      : '<div class="none">No photos yet</div>';
  const facts: [string, string | null][] = [
    ['Year', String(vehicle.year)],
    ['Make', vehicle.make],
    ['Model', vehicle.model],
    ['Condition', vehicleConditionLabels[vehicle.condition]],
    ['Mileage', mileage(vehicle.mileage)],
    ['Color', vehicle.color],
    ['VIN', vehicle.vin],
    ['Location', vehicle.location],
  ];
  // A VIN is read and typed as one string of 17: it takes the row's whole width and never breaks.
  const details = facts
    .filter((fact): fact is [string, string] => fact[1] !== null)
    .map(([label, value]) => `<div${label === 'VIN' ? ' class="whole"' : ''}><dt>${label}</dt><dd>${escape(value)}</dd></div>`)
    .join('');
  const features =
    vehicle.features.length > 0
      ? `<h2>Features</h2><ul class="features">${vehicle.features.map((f) => `<li>${escape(f)}</li>`).join('')}</ul>`
      : '';
  const price = formatDollars(vehicle.price_cents, { exact: vehicle.price_cents % 100 !== 0 });
  const ask = vehicle.sold
    ? `<div class="notice" role="status"><strong>This vehicle has been sold.</strong> Ask ${escape(vehicle.dealer.name)} about others like it.</div>`
    : state.sent
      ? `<p class="notice" role="status">Thank you: ${escape(vehicle.dealer.name)} has your message about this ${escape(name)} and will contact you soon.</p>`
      : `<p>Ask about this vehicle and an agent will get back to you.</p>${leadForm(
          vehicleLeadPath(vehicle),
          ['name', 'email', 'phone', 'comments'],
          {
            ...state,
            values: { comments: `I am interested in the ${name}.`, ...state.values },
          },
        )}`;
  return htmlPage(
    `${name} – ${vehicle.dealer.name}`,
    `<header><strong>${escape(vehicle.dealer.name)}</strong>${vehicle.dealer.phone ? `<a href="tel:${escape(vehicle.dealer.phone.replace(/[^\d+]/g, ''))}">${escape(vehicle.dealer.phone)}</a>` : ''}</header>
<div class="layout">
<section aria-label="Vehicle">
${gallery}
<h1>${escape(name)}</h1>
<p class="price">${vehicle.sold ? 'Sold' : price}</p>
<p class="sub">${vehicleConditionLabels[vehicle.condition]} · ${mileage(vehicle.mileage)}</p>
<h2>Details</h2>
<dl>${details}</dl>
${features}
</section>
<aside id="contact" aria-labelledby="contact-title">
<h2 id="contact-title">Contact ${escape(vehicle.dealer.name)}</h2>
${ask}
<h2>Dealership</h2>
${dealerBlock(vehicle.dealer)}
</aside>
</div>`,
    { head: head(vehicle, name, origin), style },
  );
}

/** The page of an address that names no vehicle shown publicly. */
export function vehicleNotFoundPage(company: string) {
  return htmlPage(
    `Vehicle not found – ${company}`,
    `<h1>This vehicle is not listed</h1>
<p>The link may be old, or the vehicle is no longer offered online. Contact ${escape(company)} for what is available.</p>`,
  );
}
