import { describe, expect, it } from 'vitest';
import { parseAdf } from '../../src/server/modules/leads/adf.js';

// The minimal lead of the ADF 1.0 specification, as printed there: the ADF processing instruction first, and the
// XML declaration with typographic quotes.
const specSample = `<?ADF VERSION "1.0"?>
<?XML VERSION \u201C1.0\u201D?>
<adf>
  <prospect>
    <requestdate>2000-03-30T15:30:20-08:00</requestdate>
    <vehicle>
      <year>1999</year>
      <make>Chevrolet</make>
      <model>Blazer</model>
    </vehicle>
    <customer>
      <contact>
        <name part="full">John Doe</name>
        <phone>393-999-3922</phone>
      </contact>
    </customer>
    <vendor>
      <contact>
        <name part="full">Acura of Bellevue</name>
      </contact>
    </vendor>
  </prospect>
</adf>`;

const withTrade = `<?xml version="1.0" encoding="UTF-8"?>
<adf>
  <prospect status="new">
    <requestdate>2026-11-20T09:15:00-06:00</requestdate>
    <vehicle interest="buy" status="used">
      <year>2023</year><make>Audi</make><model>Q7</model><vin>wa1lxbf74pd000001</vin><trim>Premium Plus</trim>
      <price type="quote" currency="USD">54,900</price>
    </vehicle>
    <vehicle interest="trade-in" status="used">
      <year>2017</year><make>Honda</make><model>CR-V</model>
    </vehicle>
    <customer>
      <contact>
        <name part="first">Maria</name>
        <name part="last">Lopez</name>
        <email>Maria.Lopez@example.com</email>
        <phone type="cellphone">(512) 555-0142</phone>
        <phone type="voice">512-555-0100</phone>
      </contact>
      <comments>Can I come Saturday?</comments>
    </customer>
    <vendor><vendorname>Torque Motors</vendorname></vendor>
    <provider><name part="full">CarMarket</name><service>Used listings</service><url>https://carmarket.example</url></provider>
  </prospect>
</adf>`;

describe('ADF 1.0', () => {
  it('reads the specification\u2019s own minimal lead', () => {
    const result = parseAdf(specSample);
    expect(result).toEqual({
      status: 'parsed',
      leads: [
        {
          request_date: '2000-03-30T15:30:20-08:00',
          customer: {
            name: 'John Doe',
            first_name: null,
            last_name: null,
            email: null,
            phones: [{ type: null, number: '393-999-3922' }],
            comments: null,
          },
          vehicle: {
            interest: 'buy',
            status: 'new',
            year: 1999,
            make: 'Chevrolet',
            model: 'Blazer',
            vin: null,
            trim: null,
            price_cents: null,
          },
          trade: null,
          vendor: { name: null, contact: 'Acura of Bellevue' },
          provider: { name: null, service: null, url: null, email: null },
        },
      ],
    });
  });

  it('gives a lead with a vehicle to buy and one to trade in as one lead with one trade', () => {
    const result = parseAdf(withTrade);
    expect(result.status).toBe('parsed');
    if (result.status !== 'parsed') return;
    expect(result.leads).toHaveLength(1);
    const [lead] = result.leads;
    expect(lead!.customer).toMatchObject({
      name: 'Maria Lopez',
      first_name: 'Maria',
      last_name: 'Lopez',
      email: 'Maria.Lopez@example.com',
    });
    expect(lead!.customer.phones).toEqual([
      { type: 'cellphone', number: '(512) 555-0142' },
      { type: 'voice', number: '512-555-0100' },
    ]);
    expect(lead!.vehicle).toMatchObject({
      interest: 'buy',
      status: 'used',
      make: 'Audi',
      vin: 'WA1LXBF74PD000001',
      price_cents: 5_490_000,
    });
    expect(lead!.trade).toMatchObject({ interest: 'trade-in', year: 2017, make: 'Honda', model: 'CR-V' });
    expect(lead!.vendor.name).toBe('Torque Motors');
    expect(lead!.provider).toEqual({
      name: 'CarMarket',
      service: 'Used listings',
      url: 'https://carmarket.example',
      email: null,
    });
  });

  it('reads a lead inside HTML mail, escaped or not, and in upper-case tags', () => {
    const escaped = specSample
      .replaceAll('&', '&amp;')
      .replaceAll('<', '&lt;')
      .replaceAll('>', '&gt;')
      .replaceAll('\n', '<br>\n');
    const shouted = specSample.replace(/<(\/?)([a-z]+)/g, (_, slash: string, name: string) => `<${slash}${name.toUpperCase()}`);
    for (const carried of [
      `<html><body><p>New lead:</p><pre>${specSample}</pre></body></html>`,
      `<html><body><div>${escaped}</div></body></html>`,
      shouted,
    ]) {
      const result = parseAdf(carried);
      expect(result.status, carried.slice(0, 80)).toBe('parsed');
      if (result.status === 'parsed') expect(result.leads[0]!.customer.name).toBe('John Doe');
    }
  });

  it('tells a document it cannot read from one it reads without a lead in it, and says why', () => {
    expect(parseAdf('Hello, I want a car')).toEqual({ status: 'unreadable', reason: 'No <adf> document found' });
    expect(parseAdf(specSample.slice(0, 200))).toMatchObject({
      status: 'unreadable',
      reason: expect.stringMatching(/^Not well-formed XML/),
    });
    expect(parseAdf('<adf></adf>')).toEqual({ status: 'flagged', reason: 'The document has no <prospect>' });
    expect(parseAdf('<adf><prospect><vehicle><make>BMW</make></vehicle></prospect></adf>')).toEqual({
      status: 'flagged',
      reason: 'A prospect has no customer name, e-mail or phone',
    });
  });

  it('refuses a character reference that names no character, escaped in HTML mail or not, and reads the others', () => {
    const named = (name: string) =>
      `<adf><prospect><customer><contact><name part="full">${name}</name><phone>512-555-0142</phone></contact></customer></prospect></adf>`;
    const escaped = (xml: string) => xml.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    for (const reference of ['&#99999999999;', '&#x110000;', '&#xD800;', '&#0;', '&#x;', '&#12a;']) {
      const inHtml = `<html><body>${escaped(named('Jo')).replace('Jo', `Jo ${reference}`)}</body></html>`;
      for (const xml of [named(`Jo ${reference}`), inHtml, escaped(named(`Jo ${reference}`))]) {
        const result = parseAdf(xml);
        expect(result.status, xml).toBe('unreadable');
        if (result.status === 'unreadable') expect(result.reason, xml).toMatch(/^Not well-formed XML: /);
      }
    }
    expect(parseAdf('&lt;adf&gt;&lt;prospect&gt;&#99999999999;')).toMatchObject({ status: 'unreadable' });
    // In a CDATA section or a comment, `&#0;` is text; references to characters are read, and so is what follows the document.
    expect(parseAdf(named('<![CDATA[Jo &#0;]]><!-- &#0; -->'))).toMatchObject({ status: 'parsed' });
    const html = parseAdf(`<html><body>${escaped(named('Jo &#169;'))}&#x2014; &#99999999999;</body></html>`);
    expect(html.status).toBe('parsed');
  });

  it('refuses a document that declares a DOCTYPE or uses an entity XML does not define, and expands nothing', () => {
    const named = (name: string) =>
      `<adf><prospect><customer><contact><name part="full">${name}</name><phone>512-555-0142</phone></contact></customer></prospect></adf>`;
    const escaped = (xml: string) => xml.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const xxe = `<?xml version="1.0"?><!DOCTYPE adf [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${named('&xxe;')}`;
    for (const xml of [
      xxe,
      `<html><body><pre>${escaped(xxe)}</pre></body></html>`,
      `<!DOCTYPE html [<!ENTITY xxe "Jo">]><html><body>${named('&xxe;')}</body></html>`,
      `<!doctype adf SYSTEM "http://example.com/adf.dtd">${named('Jo')}`,
      named('<!DOCTYPE adf>Jo'),
    ]) {
      expect(parseAdf(xml), xml).toEqual({
        status: 'unreadable',
        reason: 'The document declares a DOCTYPE, which ADF does not use',
      });
    }
    for (const xml of [named('&xxe;'), named('&nbsp;Jo'), escaped(named('&xxe;'))]) {
      expect(parseAdf(xml), xml).toMatchObject({
        status: 'unreadable',
        reason: expect.stringMatching(/^The document uses an entity XML does not define: &\w+;$/),
      });
    }
    // HTML mail's own page type is no part of the lead; XML's five entities are read, as is `&` in a CDATA section.
    const xhtml =
      '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
    for (const xml of [`${xhtml}<html><body>${escaped(named('Jo'))}</body></html>`, `<!DOCTYPE html><pre>${named('Jo')}</pre>`]) {
      expect(parseAdf(xml).status, xml).toBe('parsed');
    }
    const read = parseAdf(named('Jo &amp; &lt;Al&gt; &quot;&apos;<![CDATA[ &xxe; ]]>'));
    expect(read.status === 'parsed' && read.leads[0]!.customer.name).toBe('Jo & <Al> "\' &xxe;');
  });

  it('gives 2,000 documents spliced with stray markup a result and a reason, never an exception', () => {
    let seed = 7_2026;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
    const strays = [
      '&',
      '&#',
      '&#x',
      ';',
      '<',
      '>',
      '</',
      '<!',
      '<![CDATA[',
      ']]>',
      '<!--',
      '-->',
      '<?',
      '?>',
      '"',
      '=',
      '&#99999999999;',
      '&#x110000;',
      '&#xD800;',
      '&#0;',
      '&amp;',
      '&lt;adf&gt;',
      '<adf>',
      '</adf>',
      '<prospect>',
      '<__proto__>',
      '\uD800',
      '\u201C',
      '<br>',
      '<div',
      '&nbsp;',
    ];
    const escape = (xml: string) => xml.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    for (let i = 0; i < 2000; i++) {
      let xml = random() < 0.3 ? `<html><body>${escape(specSample)}</body></html>` : specSample;
      for (let n = 1 + Math.floor(random() * 4); n > 0; n--) {
        const at = Math.floor(random() * xml.length);
        xml = xml.slice(0, at) + pick(strays) + xml.slice(at);
      }
      const result = parseAdf(xml);
      if (result.status !== 'parsed') expect(result.reason.length, xml).toBeGreaterThan(0);
    }
  });

  it('reads 400 kB of HTML tags that never close in one pass, not one pass per tag', () => {
    const result = parseAdf(`<adf>${'<div'.repeat(100_000)}`);
    expect(result.status).toBe('unreadable');
  }, 5_000);

  it('quotes at most 300 characters of a document in its reason', () => {
    const result = parseAdf(`<adf><prospect${'a'.repeat(5000)}`);
    expect(result.status).toBe('unreadable');
    if (result.status === 'unreadable') expect(result.reason.length).toBeLessThanOrEqual(300);
  });

  it('gives every one of 1,000 mutated leads a result: read, or refused with a reason', () => {
    let seed = 20260325;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const mutations: ((xml: string) => { xml: string; readable: boolean })[] = [
      (xml) => ({ xml: xml.replace(/<requestdate>.*?<\/requestdate>/, ''), readable: true }),
      (xml) => ({
        xml: xml.replace(/<(\/?)([a-z]+)/g, (_, s: string, n: string) => `<${s}${random() < 0.5 ? n.toUpperCase() : n}`),
        readable: true,
      }),
      (xml) => ({ xml: xml.replaceAll('"', random() < 0.5 ? '\u201C' : '\u201D'), readable: true }),
      (xml) => ({ xml: `<html><body><pre>${xml}</pre><p>Sent by CarMarket</p></body></html>`, readable: true }),
      (xml) => ({ xml: xml.slice(0, Math.floor(random() * (xml.lastIndexOf('</prospect>') - 10))), readable: false }),
    ];
    const counts = { parsed: 0, flagged: 0, unreadable: 0 };
    for (let i = 0; i < 1000; i++) {
      const source = i % 2 ? withTrade : specSample;
      const mutation = mutations[Math.floor(random() * mutations.length)]!;
      const { xml, readable } = mutation(source);
      const result = parseAdf(xml);
      counts[result.status]++;
      if (readable) {
        expect(result.status, xml).toBe('parsed');
        if (result.status === 'parsed') expect(result.leads[0]!.customer.name).toBe(i % 2 ? 'Maria Lopez' : 'John Doe');
      } else {
        expect(result.status, xml).not.toBe('parsed');
        if (result.status !== 'parsed') expect(result.reason.length).toBeGreaterThan(0);
      }
    }
    expect(counts.parsed + counts.flagged + counts.unreadable).toBe(1000);
    expect(counts.flagged + counts.unreadable).toBeGreaterThan(100);
  });
});
