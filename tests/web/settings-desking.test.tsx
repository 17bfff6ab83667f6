import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MONEY_FACTOR_LOOKS_LIKE_APR } from '@shared/desking/worksheet';
import { defaultSettings, type Settings } from '@shared/settings/schemas';
import { SettingsPage } from '@/features/settings/settings-page';

vi.mock('@/features/auth/api', () => ({
  useCurrentSession: () => ({ user: { id: 'admin', name: 'Ada Admin', role: 'admin' } }),
}));
// The page's other cards load lists of their own; this file is about the settings form.
vi.mock('@/features/team', () => ({ InviteForm: () => null }));
vi.mock('@/features/outbox', () => ({ OutboxCard: () => null, HeldMailCard: () => null }));
vi.mock('@/features/export', () => ({ FullExportCard: () => null }));
vi.mock('@/features/hooks', () => ({ HooksCard: () => null }));
vi.mock('@/features/leads', () => ({ LeadSourcesCard: () => null }));
vi.mock('@/features/tasks', () => ({ ActionPlansCard: () => null }));
vi.mock('@/features/conversations', () => ({ ReplyTemplatesCard: () => null }));
vi.mock('@/features/mailboxes', () => ({ MailboxCard: () => null }));
vi.mock('@/features/texting', () => ({ TextingCard: () => null }));
vi.mock('@/features/webhooks', () => ({ WebhooksCard: () => null }));

/** The settings the server holds: GET answers them, PUT replaces them and is recorded. */
let saved: Settings;
const puts: Settings[] = [];

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  saved = structuredClone(defaultSettings);
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      if (path !== '/api/settings') return new Response('{}', { status: 404 });
      if (init?.method === 'PUT') {
        saved = JSON.parse(String(init.body)) as Settings;
        puts.push(saved);
      }
      return json(saved);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDeskingCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <SettingsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const title = await screen.findByText('Desking');
  return title.closest<HTMLElement>('[data-slot="card"]')!;
}

const stateRule = (card: HTMLElement, name: string) => within(card).getByText(name).closest('li')!;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save All Changes/ }));

describe('Settings → Desking', () => {
  it('lists the seeded states, each folded to its code and name', async () => {
    const card = await openDeskingCard();
    for (const rule of defaultSettings.desking.states) {
      const row = stateRule(card, rule.name);
      expect(within(row).getByText(rule.state)).toBeTruthy();
      expect(row.querySelector('details')!.open).toBe(false);
    }
    expect(within(card).getByRole('option', { name: 'TX · Texas' })).toHaveProperty('selected', true);
    expect(within(card).getByText('≈ 3.00 % APR')).toBeTruthy();
  });

  it("saves Texas's new rate, and a fee typed in dollars as cents", async () => {
    const card = await openDeskingCard();
    type(within(stateRule(card, 'Texas')).getByLabelText('State rate (%)'), '6.5');
    type(within(within(card).getByRole('listitem', { name: 'Fee 1' })).getByLabelText('Amount ($)'), '150.50');
    save();

    await waitFor(() => expect(puts).toHaveLength(1));
    const expected = structuredClone(defaultSettings);
    expected.desking.states.find((rule) => rule.state === 'TX')!.rate_percent = 6.5;
    expected.desking.fees[0]!.amount_cents = 15_050;
    expect(puts[0]).toEqual(expected);
  });

  it('refuses a money factor typed as an APR, and saves nothing', async () => {
    const card = await openDeskingCard();
    type(within(card).getByLabelText('Money factor'), '3.5');
    save();

    expect(await within(card).findByText(MONEY_FACTOR_LOOKS_LIKE_APR)).toBeTruthy();
    expect(puts).toHaveLength(0);
  });
});
