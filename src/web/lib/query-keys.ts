/**
 * The keys of the queries no area's contract names: the session and the server's config. Every other key comes from
 * its area's contract (`keyOf`, `queryOf`, `areaKey` in `lib/contract.ts`) and starts with its area, so invalidating
 * the area refreshes everything about it; realtime events (`app/realtime-sync.ts`) invalidate through those same keys.
 */
export const keys = {
  session: { current: ['session'] as const, switchableUsers: ['session', 'switchable-users'] as const },
  config: ['config'] as const,
};
