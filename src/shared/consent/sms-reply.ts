/**
 * The opt-out words the FCC's 2025 rule names (47 CFR 64.1200(a)(10)): a reply that is one of them, in any case and
 * spacing, withdraws consent to texts at once.
 */
export const OPT_OUT_KEYWORDS = ['STOP', 'QUIT', 'END', 'REVOKE', 'OPT OUT', 'CANCEL', 'UNSUBSCRIBE'] as const;

const squeeze = (text: string) => text.toUpperCase().replace(/[\s.!]+/g, '');
const keywords = new Set(OPT_OUT_KEYWORDS.map(squeeze));

/**
 * What a reply to a text asks: `opt_out` when it is exactly one of the keywords ('stop', ' Opt  out. '); `unclear`
 * when it only contains one ('STOP please', 'please stop texting me'), which a person must read; `other` otherwise.
 */
export function classifySmsReply(body: string): 'opt_out' | 'unclear' | 'other' {
  if (keywords.has(squeeze(body))) return 'opt_out';
  const words = ` ${body.toUpperCase().replace(/[^A-Z]+/g, ' ')} `;
  return OPT_OUT_KEYWORDS.some((keyword) => words.includes(` ${keyword} `)) || words.includes(' OPTOUT ') ? 'unclear' : 'other';
}
