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
vi.mock('@/features/inbound-hooks', () => ({ HooksCard: () => null }));
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
        <SettingsPage cards={[]} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const title = await screen.findByText('Desking');
  return title.closest<HTMLElement>('[data-slot="card"]')!;
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /Save All Changes/ }));

describe('Settings → Desking', () => {
  it('shows every state’s rule, read only, with the unconfirmed figures marked', async () => {
    const card = await openDeskingCard();
    const table = within(card).getByRole('table', { name: 'State tax rules' });
    // The 50 states and DC, one row each under the header.
    expect(within(table).getAllByRole('row')).toHaveLength(52);
    const texas = within(table).getByText('Texas').closest('tr')!;
    expect(texas.textContent).toBe('Texas6.25 %Lowers itTaxed (unconfirmed)');
    const maryland = within(table).getByText('Maryland').closest('tr')!;
    expect(maryland.textContent).toContain('6.5 % (unconfirmed)');
    const illinois = within(table).getByText('Illinois').closest('tr')!;
    expect(illinois.textContent).toContain('Lowers it, up to $10,000');
    expect(within(table).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(card).getByRole('option', { name: 'TX · Texas', selected: true })).toBeTruthy();
    expect(within(card).getByText('≈ 3.00 % APR')).toBeTruthy();
  });

  it("saves a city's rate for Texas, and a fee typed in dollars as cents", async () => {
    const card = await openDeskingCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Add county or city' }));
    type(within(card).getByLabelText('County or city'), 'Austin');
    type(within(card).getByLabelText('Rate (%)'), '2');
    type(within(within(card).getByRole('listitem', { name: 'Fee 1' })).getByLabelText('Amount ($)'), '150.50');
    save();

    await waitFor(() => expect(puts).toHaveLength(1));
    const expected = structuredClone(defaultSettings);
    expected.desking.local_rates = [{ state: 'TX', name: 'Austin', rate_percent: 2 }];
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
