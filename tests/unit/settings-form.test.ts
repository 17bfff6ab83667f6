import { describe, expect, it } from 'vitest';
import { MONEY_FACTOR_LOOKS_LIKE_APR } from '../../src/shared/desking/worksheet.js';
import { settingsFormSchema, settingsToForm } from '../../src/shared/settings/form.js';
import { defaultSettings } from '../../src/shared/settings/schemas.js';

const form = () => settingsToForm(structuredClone(defaultSettings));
const messages = (input: unknown) =>
  settingsFormSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the settings form', () => {
  it('gives back the settings it was filled from', () => {
    expect(settingsFormSchema.parse(form())).toEqual(defaultSettings);
  });

  it('shows desking amounts as dollars', () => {
    const { desking } = form();
    expect(desking.fees[0]!.amount_cents).toBe('150.00');
    expect(desking.grid_downs).toEqual(['0.00', '1000.00', '2000.00']);
  });

  it('saves dollars typed with commas as cents', () => {
    const values = form();
    values.desking.fees[0]!.amount_cents = '1,150.50';
    values.desking.lease.acquisition_fee_cents = '895';
    const { desking } = settingsFormSchema.parse(values);
    expect(desking.fees[0]!.amount_cents).toBe(115_050);
    expect(desking.lease.acquisition_fee_cents).toBe(89_500);
  });

  it("refuses bad desking values with the settings' own messages, on the fields typed", () => {
    const values = form();
    values.desking.fees[1]!.amount_cents = '';
    values.desking.grid_downs[0] = 'lots';
    values.desking.local_rates = [{ state: 'TX', name: 'Austin', rate_percent: 12 }];
    values.desking.lease.money_factor = 3.5;
    expect(messages(values)).toEqual([
      ['desking.local_rates.0.rate_percent', 'Local tax rate must be from 0 to 10 %'],
      ['desking.fees.1.amount_cents', 'Fee must be positive'],
      ['desking.grid_downs.0', 'Cash down must be positive'],
      ['desking.lease.money_factor', MONEY_FACTOR_LOOKS_LIKE_APR],
    ]);
  });

  it('keeps the rules that span the desking rows', () => {
    const values = form();
    values.desking.default_state = 'PR';
    expect(messages(values)).toEqual([['desking.default_state', 'Choose one of the 50 states or the District of Columbia']]);
    values.desking.default_state = 'TX';
    values.desking.local_rates = [
      { state: 'TX', name: 'Austin', rate_percent: 2 },
      { state: 'TX', name: 'austin', rate_percent: 1 },
    ];
    expect(messages(values)).toEqual([['desking.local_rates', 'Each county or city once per state']]);
  });
});
