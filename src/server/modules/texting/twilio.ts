import crypto from 'node:crypto';

/**
 * Twilio's Messages API, by its documented REST shape (https://www.twilio.com/docs/messaging/api/message-resource):
 * a form-encoded POST to /2010-04-01/Accounts/{AccountSid}/Messages.json with HTTP Basic auth (the Account SID and
 * Auth Token), answered 201 with the message's JSON, or 4xx/5xx with `{ code, message, more_info, status }`.
 */
export type TwilioAccount = { accountSid: string; authToken: string; sender: string };

export type TwilioMessage = { sid: string; status: string };

/** A call Twilio refused or that did not reach it; `permanent` when sending it again cannot succeed. */
export class TwilioError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** Words for the error codes a dealership meets most (https://www.twilio.com/docs/api/errors). */
const errorWords: Record<string, string> = {
  '21211': 'not a valid phone number',
  '21408': 'texting that country is not enabled on the account',
  '21610': 'the recipient replied STOP to this number',
  '21614': 'not a mobile number',
  '30003': 'the phone is off or unreachable',
  '30005': 'unknown number',
  '30006': 'a landline or an unreachable carrier',
  '30007': 'filtered by the carrier',
  '30008': 'unknown error at the carrier',
};

/** 'Twilio error 30003: the phone is off or unreachable'. */
export const twilioErrorText = (code: string | number, message?: string) =>
  `Twilio error ${code}: ${errorWords[String(code)] ?? message ?? 'see twilio.com/docs/api/errors'}`;

const TIMEOUT_MS = 15_000;

/**
 * One call to the account's part of the API (`path` after /2010-04-01/Accounts/{AccountSid}), with HTTP Basic auth,
 * no redirect followed and a time limit; a call that does not reach Twilio is a TwilioError that may pass.
 */
async function callTwilio(
  apiUrl: string,
  account: Pick<TwilioAccount, 'accountSid' | 'authToken'>,
  path: string,
  form?: URLSearchParams,
): Promise<Response> {
  const url = `${apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}${path}`;
  try {
    return await fetch(url, {
      method: form ? 'POST' : 'GET',
      headers: {
        authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString('base64')}`,
        accept: 'application/json',
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: form,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new TwilioError(`Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}`, false);
  }
}

/** Sends one text; `statusCallback` is where Twilio posts its delivery states. */
export async function sendTwilioMessage(
  apiUrl: string,
  account: TwilioAccount,
  message: { to: string; body: string; statusCallback: string },
): Promise<TwilioMessage> {
  const form = new URLSearchParams({ To: message.to, Body: message.body, StatusCallback: message.statusCallback });
  form.set(account.sender.startsWith('MG') ? 'MessagingServiceSid' : 'From', account.sender);
  const response = await callTwilio(apiUrl, account, '/Messages.json', form);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status === 201 || response.status === 200) {
    if (typeof body.sid !== 'string') throw new TwilioError('Twilio answered without a message id', false);
    return { sid: body.sid, status: typeof body.status === 'string' ? body.status : 'queued' };
  }
  const code = typeof body.code === 'number' || typeof body.code === 'string' ? body.code : `HTTP ${response.status}`;
  const text = typeof body.message === 'string' ? body.message : undefined;
  if (response.status === 401) throw new TwilioError('Twilio refused the Account SID and Auth Token', true);
  // Too many requests and Twilio's own troubles pass; any other refusal is about this message or the account.
  const permanent = response.status >= 400 && response.status < 500 && response.status !== 429;
  throw new TwilioError(typeof body.code === 'undefined' ? `Twilio answered ${code}` : twilioErrorText(code, text), permanent);
}

/** Reads the account (GET /2010-04-01/Accounts/{AccountSid}.json): whether the SID and token are Twilio's. */
export async function checkTwilioAccount(apiUrl: string, account: Omit<TwilioAccount, 'sender'>): Promise<void> {
  const response = await callTwilio(apiUrl, account, '.json');
  await response.body?.cancel();
  if (response.status === 401 || response.status === 404) {
    throw new TwilioError('Twilio refused the Account SID and Auth Token', true);
  }
  if (response.status !== 200) throw new TwilioError(`Twilio answered HTTP ${response.status}`, false);
}

/**
 * X-Twilio-Signature of a request Twilio makes (https://www.twilio.com/docs/usage/security): the base64 HMAC-SHA1,
 * keyed with the Auth Token, of the full URL it called followed by each POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string | string[]>): string {
  const data = Object.keys(params)
    .sort()
    .map((key) => {
      const value = params[key]!;
      return (Array.isArray(value) ? [...value].sort() : [value]).map((each) => key + each).join('');
    })
    .join('');
  return crypto
    .createHmac('sha1', authToken)
    .update(url + data, 'utf8')
    .digest('base64');
}

/**
 * Whether `signature` is Twilio's for one of the URLs the request may have been addressed as. Twilio signs the URL as
 * configured, which may or may not carry the scheme's default port; both are tried, as its own libraries do.
 */
export function isTwilioSignature(
  authToken: string,
  signature: string,
  urls: readonly string[],
  params: Record<string, string | string[]>,
): boolean {
  const given = Buffer.from(signature);
  const candidates = new Set(urls.flatMap(withAndWithoutPort));
  for (const url of candidates) {
    const expected = Buffer.from(twilioSignature(authToken, url, params));
    if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) return true;
  }
  return false;
}

function withAndWithoutPort(address: string): string[] {
  const match = /^(https?):\/\/([^/:?#]+)(?::(\d+))?(.*)$/i.exec(address);
  if (!match) return [address];
  const [, scheme = '', host = '', port, rest = ''] = match;
  const standard = scheme.toLowerCase() === 'https' ? '443' : '80';
  if (port === undefined) return [address, `${scheme}://${host}:${standard}${rest}`];
  if (port === standard) return [address, `${scheme}://${host}${rest}`];
  return [address];
}
