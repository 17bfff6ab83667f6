/**
 * Every cached query's key, by area, in one place. A key starts with its area, so invalidating `keys.customers.all`
 * refreshes everything about customers; realtime events (`app/realtime-sync.ts`) invalidate through these same keys.
 */
export const keys = {
  session: { current: ['session'] as const, switchableUsers: ['session', 'switchable-users'] as const },
  config: ['config'] as const,
  customers: {
    all: ['customers'] as const,
    list: (query: string) => ['customers', 'list', query] as const,
    summary: (query: string) => ['customers', 'summary', query] as const,
    detail: (id: string) => ['customers', 'detail', id] as const,
    timeline: (id: string) => ['customers', 'timeline', id] as const,
    consent: (id: string) => ['customers', 'consent', id] as const,
    options: (q: string, owner = '') => ['customers', 'options', q, owner] as const,
    duplicates: (query: string) => ['customers', 'duplicates', query] as const,
  },
  vehicles: {
    all: ['vehicles'] as const,
    list: (query: string) => ['vehicles', 'list', query] as const,
    summary: (query: string) => ['vehicles', 'summary', query] as const,
    detail: (id: string) => ['vehicles', 'detail', id] as const,
    timeline: (id: string) => ['vehicles', 'timeline', id] as const,
    vinCheck: (query: string) => ['vehicles', 'vin-check', query] as const,
    options: (q: string) => ['vehicles', 'options', q] as const,
  },
  deals: {
    all: ['deals'] as const,
    analytics: (year: number | undefined) => ['deals', 'analytics', year ?? 'current'] as const,
    list: (query: string) => ['deals', 'list', query] as const,
    detail: (id: string) => ['deals', 'detail', id] as const,
    timeline: (id: string) => ['deals', 'timeline', id] as const,
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
  settings: ['settings'] as const,
  hooks: ['settings', 'hooks'] as const,
  webhooks: ['webhooks'] as const,
  agreements: ['minor-agreements'] as const,
  offers: {
    all: ['offers'] as const,
    custom: ['offers', 'custom'] as const,
    audience: (query: string) => ['offers', 'audience', query] as const,
    accounts: ['offers', 'instagram-accounts'] as const,
  },
  emails: {
    all: ['emails'] as const,
    list: (box: string) => ['emails', 'list', box] as const,
    detail: (id: string) => ['emails', 'detail', id] as const,
  },
  outbox: {
    all: ['outbox'] as const,
    list: (kind: string) => ['outbox', 'list', kind] as const,
    message: (id: string) => ['outbox', 'message', id] as const,
  },
  team: {
    all: ['team'] as const,
    members: ['team', 'members'] as const,
    invitation: (token: string) => ['team', 'invitation', token] as const,
  },
  chat: {
    all: ['chat'] as const,
    list: ['chat', 'list'] as const,
    people: ['chat', 'people'] as const,
    channel: (channel: string) => ['chat', 'channel', channel] as const,
    messages: (chatId: string) => ['chat', 'messages', chatId] as const,
    unreadCount: ['chat', 'unread-count'] as const,
  },
  notifications: {
    all: ['notifications'] as const,
    list: (unreadOnly: boolean) => ['notifications', 'list', unreadOnly ? 'unread' : 'all'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
  },
};
