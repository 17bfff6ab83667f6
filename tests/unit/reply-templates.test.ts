import { describe, expect, it } from 'vitest';
import { fillTemplate, unknownFields } from '../../src/shared/conversations/templates.js';

const values = { first_name: 'Nina', vehicle: 'Honda Civic', agent: 'Ava Agent', dealership: 'Lone Star Motors' };

describe('a reply template', () => {
  it('is filled with the customer’s first name, the vehicle, the agent and the dealership', () => {
    expect(fillTemplate('Hi {first_name}, the {vehicle} is ready. — {agent}, {dealership}', values)).toBe(
      'Hi Nina, the Honda Civic is ready. — Ava Agent, Lone Star Motors',
    );
  });

  it('reads without the gap of an empty field', () => {
    expect(fillTemplate('Hi {first_name}, thanks!', { ...values, first_name: '' })).toBe('Hi, thanks!');
    expect(fillTemplate('{first_name}', { ...values, first_name: '  ' })).toBe('');
  });

  it('leaves text in braces that is no field as written, and names it', () => {
    expect(fillTemplate('Use code {SAVE10}', values)).toBe('Use code {SAVE10}');
    expect(unknownFields('Hi {firstname}, {vehicle} and {price}')).toEqual(['firstname', 'price']);
    expect(unknownFields('Hi {first_name}')).toEqual([]);
  });
});
