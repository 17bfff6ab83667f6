import type { Audience } from './settings/schemas.js';

/**
 * What an area declares for both sides (`src/shared/<area>/area.ts`), collected by `src/shared/areas.ts`: the lists
 * derived from them (realtime kinds, notification events) are never written by hand.
 */
export type SharedArea = {
  /**
   * Its records' changes reach the tabs that show them (`publishChange`); `seenByAll`: admins' and editors' tabs
   * too, for records they see all of.
   */
  realtime?: { seenByAll: boolean };
  /** The notifications it sends, in the settings page's order: each one's label and who receives it by default. */
  notifications?: Record<string, { label: string; audiences: readonly Audience[] }>;
};

export const defineSharedArea = <const A extends SharedArea>(area: A): A => area;
