import { XMLParser, XMLValidator } from 'fast-xml-parser';
import {
  adfReasons,
  vehicleInterests,
  type LeadVehicle,
  type ParsedLead,
  type VehicleInterest,
} from '../../../shared/leads/types.js';
import { oneLineName } from '../../../shared/common/fields.js';
import { toCents } from '../../../shared/money.js';

/**
 * ADF 1.0 (Auto-lead Data Format) as marketplaces, call-tracking services and dealer websites send it. Read
 * tolerantly: the specification's own sample opens with `<?ADF VERSION "1.0"?>` before a typographic-quoted XML
 * declaration, senders vary the case of tags, and leads often arrive inside HTML mail. A document that still cannot
 * be read is not dropped silently: the ADF endpoint refuses it with the reason given here, and mail keeps it raw,
 * flagged for a person.
 */
export type AdfResult =
  | { status: 'parsed'; leads: ParsedLead[] }
  /** Read as XML, but no lead: no prospect, or a prospect with no way to reach them. A person may still make one of it. */
  | { status: 'flagged'; reason: string }
  /** Not an ADF document that can be read at all: none found, not well-formed XML, a DOCTYPE, an undefined entity. */
  | { status: 'unreadable'; reason: string };

/** A reason quotes the document at most this far: a validator's message may repeat a megabyte of tag. */
const REASON_MAX = 300;
const unreadable = (reason: string): AdfResult => ({
  status: 'unreadable',
  reason: reason.length > REASON_MAX ? `${reason.slice(0, REASON_MAX - 1)}…` : reason,
});

/** The character a numeric reference names, or null where XML has none (NUL and other controls, surrogates, past U+10FFFF). */
function xmlCharacter(reference: string): string | null {
  const hex = /^#x/i.test(reference);
  if (!(hex ? /^#x[\da-f]+$/i : /^#\d+$/).test(reference)) return null;
  const code = hex ? parseInt(reference.slice(2), 16) : Number(reference.slice(1));
  const allowed =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  return allowed ? String.fromCodePoint(code) : null;
}

const entities: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', amp: '&' };
const decodeHtml = (text: string) =>
  text.replace(/&(lt|gt|quot|apos|nbsp|amp|#\d+|#x[\da-f]+);/gi, (whole, name: string) =>
    // A reference to no character stays as written, and the XML check below says so.
    name.startsWith('#') ? (xmlCharacter(name) ?? whole) : (entities[name.toLowerCase()] ?? whole),
  );

/** Markup of HTML mail that may surround or run through a pasted lead; `[^<>]`, so tags that never close cost one pass. */
const htmlTags =
  /<\/?(?:html|head|body|meta|title|style|div|span|p|br|pre|tt|font|b|i|u|strong|em|table|tbody|tr|td|th|center)\b[^<>]*>/gi;

/** The text a lead arrived in, with the escaping of HTML mail undone when the document came escaped. */
function carrier(raw: string) {
  const text = raw.replace(/^\uFEFF/, '');
  return !/<adf[\s>]/i.test(text) && /&lt;adf/i.test(text) ? decodeHtml(text.replace(htmlTags, '')) : text;
}

/** The `<adf>` document in its carrier, with tag and attribute names in lower case and straight quotes. */
function extractAdf(text: string): string | null {
  const start = text.search(/<adf[\s>]/i);
  if (start < 0) return null;
  const rest = text.slice(start);
  const end = /<\/adf\s*>/i.exec(rest);
  const body = end ? rest.slice(0, end.index + end[0].length) : rest;
  return body.replace(htmlTags, '').replace(/<[^<>]*>/g, (tag) =>
    tag
      .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
      .replace(/[\u2018\u2019\u2032]/g, "'")
      .replace(/^<(\/?)([A-Za-z][\w.:-]*)/, (_, slash: string, name: string) => `<${slash}${name.toLowerCase()}`)
      .replace(/\s([A-Za-z][\w.:-]*)\s*=/g, (_, name: string) => ` ${name.toLowerCase()}=`),
  );
}

/** HTML mail opens with its page's own DOCTYPE, no part of the lead; any other one, or an entity declaration, is the document's. */
const htmlDoctype = /<!DOCTYPE\s+html\b[^[<>]*>/gi;
const declaresDoctype = (text: string) => /<!(?:DOCTYPE|ENTITY)\b/i.test(text.replace(htmlDoctype, ''));

/** CDATA sections, comments and processing instructions, where `&` is only text; an unclosed one runs to the end. */
const literalSections = /<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<!--[\s\S]*?(?:-->|$)|<\?[\s\S]*?(?:\?>|$)/g;
/** The five entities XML defines; ADF declares no others. */
const xmlEntities = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/** What is wrong with a reference the XML validator lets through: to no character, or to an entity never defined. */
function badReference(xml: string): string | null {
  for (const [whole, name] of xml.replace(literalSections, '').matchAll(/&([^;&<\s]*);/g)) {
    if (name!.startsWith('#')) {
      if (xmlCharacter(name!) === null) return `${adfReasons.notWellFormed}: ${whole} is not a character`;
    } else if (!xmlEntities.has(name!)) return `${adfReasons.unknownEntity}: ${whole}`;
  }
  return null;
}

const repeated = new Set(['prospect', 'vehicle', 'name', 'phone', 'email', 'contact', 'price']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
});

type Node = Record<string, unknown> | string | undefined;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]) as Node[];
const child = (node: Node, name: string): Node => (typeof node === 'object' && node ? (list(node[name])[0] as Node) : undefined);
const attribute = (node: Node, name: string) =>
  typeof node === 'object' && node && typeof node[`@${name}`] === 'string'
    ? (node[`@${name}`] as string).trim().toLowerCase()
    : null;

/** The text of an element: null when absent or blank. */
function text(node: Node): string | null {
  const value = typeof node === 'object' && node ? node['#text'] : node;
  if (value === undefined || value === null) return null;
  const trimmed = String(value).replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * A contact's name: the full part, or the parts joined; a name without a part is the full name. A name holds no control
 * character (`oneLineName`): XML lets C1 controls and character references to tabs and line breaks through, and a
 * sender's stray one costs the lead nothing — it is cleaned out here rather than the prospect refused.
 */
function nameOf(contact: Node) {
  const names = list(typeof contact === 'object' && contact ? contact.name : undefined);
  const part = (wanted: string) => {
    const value = text(names.find((n) => (attribute(n, 'part') ?? 'full') === wanted));
    return value === null ? null : oneLineName(value) || null;
  };
  const first = part('first');
  const last = part('last');
  const full = part('full') ?? ([first, part('middle'), last].filter(Boolean).join(' ') || null);
  return { full, first, last };
}

const interests = new Set<string>(vehicleInterests);
const money = (value: string | null) => {
  const amount = value === null ? NaN : Number(value.replace(/[$,\s]/g, ''));
  return Number.isFinite(amount) && amount >= 0 ? toCents(amount) : null;
};

function vehicleOf(node: Node): LeadVehicle {
  const interest = attribute(node, 'interest');
  const year = Number(text(child(node, 'year')));
  return {
    // The DTD's defaults: interest "buy", status "new".
    interest: interest && interests.has(interest) ? (interest as VehicleInterest) : 'buy',
    status: attribute(node, 'status') === 'used' ? 'used' : 'new',
    year: Number.isInteger(year) && year >= 1886 && year <= 2100 ? year : null,
    make: text(child(node, 'make')),
    model: text(child(node, 'model')),
    vin: text(child(node, 'vin'))?.toUpperCase() ?? null,
    trim: text(child(node, 'trim')),
    price_cents: money(text(child(node, 'price'))),
  };
}

/** The request date as sent when it is a moment a clock can read, else null. */
function requestDate(value: string | null) {
  return value !== null && /^\d{4}-\d{2}-\d{2}/.test(value) && !Number.isNaN(Date.parse(value)) ? value : null;
}

function prospectOf(prospect: Node): ParsedLead | null {
  const contact = child(child(prospect, 'customer'), 'contact');
  const name = nameOf(contact);
  const email = text(child(contact, 'email'));
  const phones = list(typeof contact === 'object' && contact ? contact.phone : undefined)
    .map((phone) => ({ type: attribute(phone, 'type'), number: text(phone) }))
    .filter((phone): phone is { type: string | null; number: string } => phone.number !== null);
  if (!name.full && !email && phones.length === 0) return null;
  const vehicles = list(typeof prospect === 'object' && prospect ? prospect.vehicle : undefined).map(vehicleOf);
  const vendor = child(prospect, 'vendor');
  const provider = child(prospect, 'provider');
  return {
    request_date: requestDate(text(child(prospect, 'requestdate'))),
    customer: {
      name: name.full,
      first_name: name.first,
      last_name: name.last,
      email,
      phones,
      comments: text(child(child(prospect, 'customer'), 'comments')),
    },
    vehicle: vehicles.find((v) => v.interest !== 'trade-in') ?? null,
    trade: vehicles.find((v) => v.interest === 'trade-in') ?? null,
    vendor: { name: text(child(vendor, 'vendorname')), contact: nameOf(child(vendor, 'contact')).full },
    provider: {
      name: nameOf(provider).full,
      service: text(child(provider, 'service')),
      url: text(child(provider, 'url')),
      email: text(child(provider, 'email')),
    },
  };
}

/** Every prospect of an ADF document, or why the document cannot be read. Never throws. */
export function parseAdf(raw: string): AdfResult {
  const text = carrier(raw);
  const xml = extractAdf(text);
  if (xml === null) return unreadable(adfReasons.noDocument);
  // Nothing declared in a document is expanded, so a name it declares would be read as written: refused instead.
  if (declaresDoctype(text)) return unreadable(adfReasons.doctype);
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return unreadable(`${adfReasons.notWellFormed}: ${valid.err.msg} (line ${valid.err.line})`);
  const reference = badReference(xml);
  if (reference) return unreadable(reference);
  let document: Record<string, unknown>;
  try {
    document = parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    return unreadable(`${adfReasons.notReadable}: ${(error as Error).message}`);
  }
  const adf = document.adf;
  const prospects = typeof adf === 'object' && adf !== null ? list((adf as Record<string, unknown>).prospect) : [];
  if (prospects.length === 0) return { status: 'flagged', reason: adfReasons.noProspect };
  const leads = prospects.map(prospectOf);
  if (leads.some((lead) => lead === null)) return { status: 'flagged', reason: adfReasons.noContact };
  return { status: 'parsed', leads: leads as ParsedLead[] };
}
