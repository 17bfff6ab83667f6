import { describe, expect, it } from 'vitest';
import { isTwilioSignature, twilioSignature } from '../../src/server/modules/texting/twilio.js';

// The example of Twilio's security documentation and its helper libraries' snippets (api-snippets,
// security/signature_validation): Auth Token 12345, this URL and these parameters sign as RSOYDt4T1cUTdK1PDd93/VVr8B8=.
const TOKEN = '12345';
const URL = 'https://mycompany.com/myapp.php?foo=1&bar=2';
const PARAMS = { CallSid: 'CA1234567890ABCDE', Caller: '+14158675309', Digits: '1234', From: '+14158675309', To: '+18005551212' };
const SIGNATURE = 'RSOYDt4T1cUTdK1PDd93/VVr8B8=';

describe('X-Twilio-Signature', () => {
  it('is the one of Twilio’s documented example', () => {
    expect(twilioSignature(TOKEN, URL, PARAMS)).toBe(SIGNATURE);
    expect(isTwilioSignature(TOKEN, SIGNATURE, [URL], PARAMS)).toBe(true);
  });

  it('holds for the URL with or without the scheme’s port, and for no other URL, token or parameter', () => {
    expect(isTwilioSignature(TOKEN, SIGNATURE, ['https://mycompany.com:443/myapp.php?foo=1&bar=2'], PARAMS)).toBe(true);
    expect(isTwilioSignature(TOKEN, SIGNATURE, ['https://mycompany.com:8443/myapp.php?foo=1&bar=2'], PARAMS)).toBe(false);
    expect(isTwilioSignature(TOKEN, SIGNATURE, ['https://mycompany.com/myapp.php?foo=1&bar=3'], PARAMS)).toBe(false);
    expect(isTwilioSignature('54321', SIGNATURE, [URL], PARAMS)).toBe(false);
    expect(isTwilioSignature(TOKEN, SIGNATURE, [URL], { ...PARAMS, Digits: '1235' })).toBe(false);
    expect(isTwilioSignature(TOKEN, 'short', [URL], PARAMS)).toBe(false);
  });
});
