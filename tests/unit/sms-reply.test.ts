import { describe, expect, it } from 'vitest';
import { classifySmsReply } from '../../src/shared/consent/sms-reply.js';

/**
 * The words that revoke consent to texts, as the FCC's revocation order (FCC 24-24, 2024) writes them into 47 CFR
 * 64.1200(a)(10): written out here, so a word dropped from the code is a failing test and not a shorter list.
 */
const FCC_OPT_OUT_WORDS = ['STOP', 'QUIT', 'END', 'REVOKE', 'OPT OUT', 'CANCEL', 'UNSUBSCRIBE'];

describe('a reply to a text', () => {
  it.each(FCC_OPT_OUT_WORDS)("opts out with '%s', in any case and spacing", (word) => {
    for (const body of [word, word.toLowerCase(), `  ${word[0]}${word.slice(1).toLowerCase()}.  `, word.replace(' ', '   ')])
      expect(classifySmsReply(body), body).toBe('opt_out');
  });

  it.each(FCC_OPT_OUT_WORDS)("leaves a sentence holding '%s' to a person", (word) => {
    expect(classifySmsReply(`please ${word.toLowerCase()} texting me`)).toBe('unclear');
  });

  it('reads any other reply as an answer', () => {
    for (const body of ['Thanks, see you Friday', 'Stopping by at 5', 'Friday is fine']) {
      expect(classifySmsReply(body), body).toBe('other');
    }
  });
});
