import fc from 'fast-check';
import { signTwilio } from './twilio-peer.js';

/**
 * Calls as Twilio makes them to Torque's hooks, and calls only someone else would make, generated from a seed. Twilio
 * reads any 2xx as received; anything else it logs as error 11200 and, for a message, tries again
 * (https://www.twilio.com/docs/usage/webhooks/webhooks-connection-overrides). So a genuine message is answered 200
 * (with TwiML) each time it comes, a repeated one included, and is kept once; a call Twilio did not sign, or signed
 * for another account, is refused (401); one signed but not as Twilio writes it is refused (400); a body over 64 KiB
 * (Twilio's message is at most 1,600 characters) is refused (413).
 */
export type TwilioAccountUnderTest = {
  accountSid: string;
  authToken: string;
  messagesUrl: string;
  statusUrl: string;
  /** The number of a customer, as Twilio writes it (E.164). */
  customerNumber: string;
};

export type TwilioCall = {
  kind: 'message' | 'wrong-account' | 'bad-signature' | 'malformed' | 'oversized' | 'garbled' | 'status';
  url: string;
  payload: string;
  signature: string | undefined;
  /** The status Torque must answer; undefined where any 2xx or 4xx will do. */
  status: number | undefined;
  /** The message a 200 keeps: its MessageSid, sender and text. */
  message?: { sid: string; from: string; body: string };
  /** Sent twice, as Twilio does when its first call got no answer in time. */
  repeated: boolean;
};

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

const hex = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: length, maxLength: length });
const letters = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
/** Text Twilio could carry: any characters but NUL (SMS has none) and broken surrogates. */
const smsText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }).map((text) => text.replaceAll('\u0000', '')),
  fc.constantFrom(
    'STOP',
    'Stop texting me',
    'Is the X5 still there?',
    '😀'.repeat(160),
    '<Response><Message>x</Message></Response>',
    '&=%25+',
  ),
);

function signed(account: TwilioAccountUnderTest, url: string, params: Record<string, string>, token = account.authToken) {
  return { url, payload: new URLSearchParams(params).toString(), signature: signTwilio(token, url, params) };
}

export function twilioCallArbitrary(account: TwilioAccountUnderTest): fc.Arbitrary<TwilioCall> {
  const phone = fc.oneof(
    fc.constant(account.customerNumber),
    fc.integer({ min: 2_000_000_000, max: 9_999_999_999 }).map((n) => `+1${n}`),
  );
  const extras = fc.dictionary(fc.string({ unit: letters, minLength: 1, maxLength: 12 }), fc.string({ maxLength: 60 }), {
    maxKeys: 4,
  });
  const message = fc.record({ sid: hex(32).map((h) => `SM${h}`), from: phone, body: smsText, extras });
  const params = (
    m: { sid: string; from: string; body: string; extras: Record<string, string> },
    accountSid = account.accountSid,
  ) => ({
    ...m.extras,
    MessageSid: m.sid,
    SmsSid: m.sid,
    AccountSid: accountSid,
    From: m.from,
    To: '+15125550100',
    Body: m.body,
    NumMedia: '0',
    ApiVersion: '2010-04-01',
  });

  const genuine = fc.tuple(message, fc.boolean()).map(([m, repeated]): TwilioCall => ({
    kind: 'message',
    ...signed(account, account.messagesUrl, params(m)),
    status: 200,
    message: { sid: m.sid, from: m.from, body: m.body },
    repeated,
  }));
  const wrongAccount = fc.tuple(message, hex(32)).map(([m, other]): TwilioCall => ({
    kind: 'wrong-account',
    ...signed(account, account.messagesUrl, params(m, `AC${other}`)),
    status: 401,
    repeated: false,
  }));
  const badSignature = fc
    .tuple(message, fc.constantFrom('other-token', 'tampered', 'missing', 'garbage'))
    .map(([m, how]): TwilioCall => {
      const call = signed(account, account.messagesUrl, params(m), how === 'other-token' ? 'f'.repeat(32) : undefined);
      if (how === 'tampered') call.payload = new URLSearchParams({ ...params(m), Body: `${m.body}!` }).toString();
      const signature = how === 'missing' ? undefined : how === 'garbage' ? '\u00ff'.repeat(5) : call.signature;
      return { kind: 'bad-signature', ...call, signature, status: 401, repeated: false };
    });
  const malformed = fc
    .tuple(
      message,
      fc.oneof(
        fc.record({ MessageSid: fc.string({ maxLength: 40 }) }),
        fc.record({ From: fc.string({ unit: letters, minLength: 1, maxLength: 20 }) }),
        fc.record({ From: fc.constant('+1 555 0100\u0000') }),
        fc.record({ Body: fc.constant('Hi\u0000there') }),
        fc.integer({ min: 2001, max: 6000 }).map((n) => ({ Body: 'x'.repeat(n) })),
        fc.record({ Extra: fc.constant('y'.repeat(4001)) }),
        fc.constantFrom('MessageSid', 'From', 'Body').map((name) => ({ [name]: undefined })),
      ),
    )
    .map(([m, change]): TwilioCall => {
      const all: Record<string, string | undefined> = { ...params(m), ...change };
      const sent = Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined));
      return { kind: 'malformed', ...signed(account, account.messagesUrl, sent), status: 400, repeated: false };
    });
  const oversized = fc.tuple(message, fc.integer({ min: 64 * 1024 + 1, max: 256 * 1024 })).map(([m, size]): TwilioCall => ({
    kind: 'oversized',
    ...signed(account, account.messagesUrl, { ...params(m), Body: 'z'.repeat(size) }),
    status: 413,
    repeated: false,
  }));
  // Percent-escapes no decoder can read: whatever the form parser makes of them, the signature or the schema decides.
  const garbled = fc
    .tuple(message, fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%FF%FE', '%00'))
    .map(([m, broken]): TwilioCall => {
      const call = signed(account, account.messagesUrl, params(m));
      return {
        kind: 'garbled',
        ...call,
        payload: `${call.payload}&Body=${broken}&From${broken}=1`,
        status: undefined,
        repeated: false,
      };
    });
  const status = fc
    .tuple(
      hex(32),
      fc.constantFrom('queued', 'sent', 'delivered', 'undelivered', 'failed', 'read', 'x'.repeat(40)),
      fc.option(fc.constantFrom('30003', '30006', '99999')),
      fc.option(fc.oneof(fc.uuid(), fc.constant('not-an-id'))),
    )
    .map(([h, state, errorCode, outbox]): TwilioCall => {
      const url = outbox === null ? account.statusUrl : `${account.statusUrl}?outbox=${encodeURIComponent(outbox)}`;
      const fields: Record<string, string> = {
        MessageSid: `SM${h}`,
        AccountSid: account.accountSid,
        MessageStatus: state,
        ...(errorCode === null ? {} : { ErrorCode: errorCode }),
      };
      return { kind: 'status', ...signed(account, url, fields), status: outbox === 'not-an-id' ? 400 : 204, repeated: false };
    });
  return fc.oneof(
    { arbitrary: genuine, weight: 4 },
    { arbitrary: wrongAccount, weight: 1 },
    { arbitrary: badSignature, weight: 2 },
    { arbitrary: malformed, weight: 3 },
    { arbitrary: oversized, weight: 1 },
    { arbitrary: garbled, weight: 1 },
    { arbitrary: status, weight: 2 },
  );
}

/** A mail as it arrives at a mailbox, hostile or not. */
export type ArrivingMail = { name: string; raw: Buffer; messageId: string };

const CRLF = '\r\n';
const headOf = (name: string, messageId: string, from: string, extra: string[] = []) =>
  [
    `From: ${from}`,
    'To: sales@dealer.test',
    `Subject: ${name}`,
    `Message-ID: ${messageId}`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    ...extra,
  ].join(CRLF);

/** Base64 in lines of 76 characters (RFC 2045 §6.8), written without building one long string first. */
function base64Lines(content: Buffer) {
  const lines: Buffer[] = [];
  for (let at = 0; at < content.length; at += 57)
    lines.push(Buffer.from(`${content.subarray(at, at + 57).toString('base64')}\r\n`));
  return Buffer.concat(lines);
}

/**
 * Mail that has broken mail readers, drawn from the seed: parts nested about 200 deep, a header of over 1 MB, base64
 * and quoted-printable that do not decode, charsets that do not exist, encoded words that are not, and a 25 MB
 * attachment (generated once). Each comes from `from`, a customer's address, so its attachments are considered.
 */
export function hostileMails(seed: number, from: string): ArrivingMail[] {
  const [drawn] = fc.sample(
    fc.record({
      depth: fc.integer({ min: 180, max: 220 }),
      headerBytes: fc.integer({ min: 1024 * 1024, max: 1024 * 1024 + 4096 }),
      badBase64: fc.string({ unit: fc.constantFrom(...'!@#$%^&*()=abcXYZ019+/ \t'), minLength: 20, maxLength: 400 }),
      badQuoted: fc.array(fc.constantFrom('=ZZ', '=E2=82', '=\r\n', '=', '==', '=0', 'plain ', '=C3'), {
        minLength: 5,
        maxLength: 60,
      }),
      charset: fc.oneof(
        fc.string({ unit: letters, minLength: 3, maxLength: 20 }).map((name) => `x-${name}`),
        fc.constantFrom('utf-7', 'utf-32', 'iso-2022-jp-2', '"utf-8\u0000"', 'unicode-1-1-utf-7', ''),
      ),
      badWord: fc.constantFrom('=?x-unknown?B?!!!?=', '=?utf-8?Q?=ZZ=?=', '=?utf-8?B?@@@@?=', '=?=?=?=', '=?utf-8?X?abc?='),
      binary: fc.uint8Array({ minLength: 50, maxLength: 500 }),
    }),
    { seed, numRuns: 1 },
  );
  const d = drawn!;
  const id = (name: string) => `<fuzz-${name.split(' ')[0]}-${seed}@mail.example.net>`;
  const mail = (name: string, extra: string[], body: string | Buffer): ArrivingMail => ({
    name: name.split(' ')[0]!,
    messageId: id(name),
    raw: Buffer.concat([Buffer.from(headOf(name, id(name), from, extra) + CRLF + CRLF, 'latin1'), Buffer.from(body)]),
  });

  let nested = `Content-Type: text/plain; charset=utf-8${CRLF}${CRLF}At the bottom${CRLF}`;
  for (let level = d.depth; level > 0; level--) {
    nested = `Content-Type: multipart/mixed; boundary="level-${level}"${CRLF}${CRLF}--level-${level}${CRLF}${nested}--level-${level}--${CRLF}`;
  }
  const [nestedHead, ...nestedBody] = nested.split(CRLF + CRLF);
  const pdf = Buffer.alloc(25 * 1024 * 1024, 0x41);
  pdf.write('%PDF-1.4\n', 0, 'latin1');

  return [
    mail('nested', [nestedHead!], nestedBody.join(CRLF + CRLF)),
    mail('huge-header', [`X-Filler: ${'h'.repeat(d.headerBytes)}`, 'Content-Type: text/plain'], 'Under a huge header'),
    mail(
      'broken-base64',
      ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: base64'],
      `${d.badBase64}${CRLF}`,
    ),
    mail(
      'broken-quoted-printable',
      ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: quoted-printable'],
      `${d.badQuoted.join('')}${CRLF}`,
    ),
    // Any byte but NUL, which IMAP does not carry outside its BINARY extension (RFC 3516).
    mail(
      'unknown-charset',
      [`Content-Type: text/plain; charset=${d.charset}`],
      Buffer.from(d.binary.map((byte) => byte || 0x80)),
    ),
    mail(`broken-words ${d.badWord}`, ['Content-Type: text/plain'], 'Encoded words that are not'),
    {
      ...mail(
        'attachment-25mb',
        ['Content-Type: multipart/mixed; boundary="big"'],
        Buffer.concat([
          Buffer.from(
            [
              '--big',
              'Content-Type: text/plain; charset=utf-8',
              '',
              'The papers are attached.',
              '--big',
              'Content-Type: application/pdf; name="papers.pdf"',
              'Content-Disposition: attachment; filename="papers.pdf"',
              'Content-Transfer-Encoding: base64',
              '',
              '',
            ].join(CRLF),
          ),
          base64Lines(pdf),
          Buffer.from(`--big--${CRLF}`),
        ]),
      ),
    },
  ];
}

/** The ordinary mail that follows them, which must arrive. */
export function ordinaryMail(seed: number, from: string): ArrivingMail {
  const messageId = `<fuzz-ordinary-${seed}@mail.example.net>`;
  return {
    name: 'ordinary',
    messageId,
    raw: Buffer.from(
      `${headOf('Is the X5 still for sale?', messageId, from, ['Content-Type: text/plain; charset=utf-8'])}${CRLF}${CRLF}Hello${CRLF}`,
    ),
  };
}
