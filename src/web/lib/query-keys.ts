/**
 * Every cached query's key, by area, in one place. A key starts with its area, so invalidating `keys.customers.all`
 * refreshes everything about customers; realtime events (`app/realtime-sync.ts`) invalidate through these same keys.
 */
export const keys = {
  session: { current: ['session'] as const, switchableUsers: ['session', 'switchable-users'] as const },
  config: ['config'] as const,
  vehicles: {
    all: ['vehicles'] as const,
    list: (query: string) => ['vehicles', 'list', query] as const,
    summary: (query: string) => ['vehicles', 'summary', query] as const,
    detail: (id: string) => ['vehicles', 'detail', id] as const,
    timeline: (id: string) => ['vehicles', 'timeline', id] as const,
    photos: (id: string) => ['vehicles', 'photos', id] as const,
    buyersGuide: (id: string) => ['vehicles', 'buyers-guide', id] as const,
    lists: ['vehicles', 'list'] as const,
    vinCheck: (query: string) => ['vehicles', 'vin-check', query] as const,
    options: (q: string) => ['vehicles', 'options', q] as const,
    makes: ['vehicles', 'makes'] as const,
  },
  deals: {
    all: ['deals'] as const,
    analytics: (year: number | undefined) => ['deals', 'analytics', year ?? 'current'] as const,
    list: (query: string) => ['deals', 'list', query] as const,
    detail: (id: string) => ['deals', 'detail', id] as const,
    timeline: (id: string) => ['deals', 'timeline', id] as const,
    worksheet: (id: string) => ['deals', 'worksheet', id] as const,
    quotes: (id: string) => ['deals', 'quotes', id] as const,
    dealerOffers: (id: string) => ['deals', 'dealer-offers', id] as const,
    agents: ['deals', 'agents'] as const,
  },
  documents: (kind: string, parentId: string) => ['documents', kind, parentId] as const,
  allDealDocuments: ['documents', 'deal', 'all'] as const,
  dashboard: ['dashboard'] as const,
  analytics: { all: ['analytics'] as const, range: (range: string) => ['analytics', range] as const },
  accounting: {
    all: ['accounting'] as const,
    summary: ['accounting', 'summary'] as const,
    agents: ['accounting', 'agents'] as const,
    deals: (query: string) => ['accounting', 'deals', query] as const,
    report: (year: number | undefined) => ['accounting', 'report', year ?? 'current'] as const,
  },
  listingFeeds: ['settings', 'listing-feeds'] as const,
  quote: (token: string) => ['quote', token] as const,
  agreements: ['minor-agreements'] as const,
  offers: {
    all: ['offers'] as const,
    custom: ['offers', 'custom'] as const,
    audience: (query: string) => ['offers', 'audience', query] as const,
    accounts: ['offers', 'instagram-accounts'] as const,
  },
};
