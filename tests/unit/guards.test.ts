import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** Patterns lint refuses so that they do not come back (eslint.config.js): a file that writes one fails `npm run lint`. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function refused(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

describe('the double cast', () => {
  it.each([
    ['src/server/modules/imports/example.ts', 'export const schema = (x: string) => x as unknown as number;'],
    ['src/shared/customers/example.ts', 'export const f = (callback: () => void) => callback as unknown as (n: number) => void;'],
    ['src/web/features/deals/example.tsx', 'export const w = (window as unknown as { extra: number }).extra;'],
  ])('is refused in %s: %s', async (file, code) => {
    expect(await refused(file, code)).toEqual([expect.stringContaining('`as unknown as`')]);
  });

  it('allows a single cast and a cast to unknown', async () => {
    expect(await refused('src/server/http/example.ts', 'export const f = (x: unknown) => [x as string, x as unknown];')).toEqual(
      [],
    );
  });
});

describe('query keys', () => {
  it.each([
    [
      "import { useQuery } from '@tanstack/react-query';\nexport const q = () => useQuery({ queryKey: ['unsubscribe', 't'], queryFn: () => 1 });",
    ],
    [
      "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (c: QueryClient) => c.invalidateQueries({ queryKey: ['deals'] });",
    ],
    [
      "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (c: QueryClient) => c.setQueryData(['session'], null);",
    ],
    [
      "import type { QueryClient } from '@tanstack/react-query';\nexport const f = (c: QueryClient) => c.getQueryData(['session']);",
    ],
  ])('refuses a key written in place rather than taken from a contract: %s', async (code) => {
    for (const file of ['src/web/features/customers/example.ts', 'src/web/app/example.ts', 'src/web/components/example.tsx']) {
      const messages = await refused(file, code);
      expect(messages.length, file).toBeGreaterThan(0);
      expect(messages.every((m) => m.includes('src/web/lib/contract.ts'))).toBe(true);
    }
  });

  it("allows keys from an area's contract, and arrays in lib/contract.ts", async () => {
    const code =
      "import type { QueryClient } from '@tanstack/react-query';\nimport { dealsApi } from '@shared/deals/api';\n" +
      "import { areaKey, keyOf } from '@/lib/contract';\n" +
      'export const f = (c: QueryClient) => [c.invalidateQueries({ queryKey: areaKey(dealsApi) }), c.setQueryData(keyOf(dealsApi.list), null)];';
    expect(await refused('src/web/features/customers/example.ts', code)).toEqual([]);
    expect(await refused('src/web/lib/contract.ts', 'export const areaKey = (area: string) => ({ queryKey: [area] });')).toEqual(
      [],
    );
  });
});

describe('money outside src/shared/money.ts', () => {
  it.each([
    [
      'src/web/features/cosigners/example.tsx',
      'export const f = (a: { deal_amount_cents: number }) => String(a.deal_amount_cents / 100);',
    ],
    ['src/server/modules/offers/example.ts', 'export const f = (priceCents: number) => priceCents / 100;'],
    ['src/shared/common/example.ts', 'const MAX_MONEY_CENTS = 1;\nexport const max = MAX_MONEY_CENTS / 100;'],
    ['src/server/modules/leads/example.ts', 'export const f = (amount: number) => Math.round(amount * 100);'],
    ['src/server/modules/offers/example.ts', 'export const f = (price: number) => Math.trunc(price / 100);'],
    [
      'src/shared/deals/example.ts',
      "import { toDollars } from '../money.js';\nexport const f = (cents: number) => toDollars(cents).toFixed(2);",
    ],
    [
      'src/server/modules/analytics/example.ts',
      "export const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });",
    ],
    [
      'src/web/features/analytics/example.tsx',
      "export const f = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });",
    ],
  ])('is refused in %s: %s', async (file, code) => {
    expect(await refused(file, code)).toContainEqual(expect.stringContaining('src/shared/money.ts'));
  });

  it('allows percentages, and money.ts itself', async () => {
    const percent =
      'export const f = (share: number, rate: number) => [share * 100, Math.min(100, share * 100), rate / 100, (share * 100).toFixed(1)];';
    expect(await refused('src/web/features/analytics/example.tsx', percent)).toEqual([]);
    const money =
      "export const toCents = (dollars: number) => Math.round(dollars * 100);\nexport const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });";
    expect(await refused('src/shared/money.ts', money)).toEqual([]);
  });
});

describe('API paths in the web app', () => {
  it.each([
    ["import { api } from '@/lib/api-client';\nexport const f = () => api('/api/customers');"],
    ["import { api } from '@/lib/api-client';\nexport const f = (id: string) => api(`/api/customers/${id}/timeline`);"],
    ["export const href = '/api/customers/export.csv';"],
  ])('are refused in every feature and in the app: %s', async (code) => {
    for (const file of ['src/web/features/customers/example.ts', 'src/web/features/auth/example.ts', 'src/web/app/example.ts'])
      expect(await refused(file, code), file).toEqual([expect.stringContaining("area's contract")]);
  });

  it('are left to the contract, which names them', async () => {
    const code = "export const route = { path: '/api/customers/:id' };";
    expect(await refused('src/shared/customers/example.ts', code)).toEqual([]);
    expect(
      await refused(
        'src/web/features/customers/example.ts',
        "import { customersApi } from '@shared/customers/api';\nimport { urlOf } from '@/lib/contract';\nexport const href = urlOf(customersApi.exportCsv);",
      ),
    ).toEqual([]);
  });
});
