import { lazy, type ComponentType, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import type { RealtimeArea } from '@shared/realtime/events';
import type { Action } from '@shared/users/permissions';

/**
 * A screen of the signed-in app: its path under the shell, and the action whoever opens it may do (everyone when
 * absent; `shared/users/permissions.ts`).
 */
export type AreaRoute = { path: string; element: ReactNode; shownTo?: Action };
/** A sidebar link; `position` orders the links of every area (the spec's order); `shownTo` as for its screen. */
export type NavItem = { to: string; label: string; icon: LucideIcon; position: number; shownTo?: Action };

/**
 * Everything the web app needs to know of one feature, in the feature's own folder (`features/<area>/area.tsx`): the
 * router, the sidebar and the realtime sync loop over the list in `app/areas.ts`.
 */
export type WebArea = {
  routes?: AreaRoute[];
  nav?: NavItem[];
  /** The queries read again when the server says an area's records changed (`publishChange`). */
  refreshOn?: Partial<Record<RealtimeArea, readonly (readonly string[])[]>>;
  /** Its cards on the settings page, placed among the page's own sections by `position`. */
  settingsCards?: SettingsCard[];
  /** Its cards on a customer's page, placed among the page's own by `position`. */
  customerCards?: CustomerCard[];
  /** Its cards on a vehicle's page, in the page's main column after its own. */
  vehicleCards?: VehicleCard[];
};

/**
 * A card an area puts on the settings page: `position` orders it among every area's and the page's own sections
 * (the specification's order), `shownTo` is the action whoever sees it may do (everyone when absent).
 */
export type SettingsCard = { position: number; element: ReactNode; shownTo?: Action };

/**
 * A card an area puts on another area's page of one record, for the record `render` is given: `position` orders it
 * among every area's and the page's own, `wide` spans the page above its columns.
 */
export type PageCard<R> = { position: number; wide?: boolean; render: (record: R) => ReactNode };
/** On a customer's page: the conversation first, the timeline last. */
export type CustomerCard = PageCard<{ id: string; name: string }>;
/** On a vehicle's page, in its main column. */
export type VehicleCard = Omit<PageCard<{ id: string }>, 'wide'>;

/** A component of a lazily loaded module, by its export's name: each screen is its own chunk. */
export const lazyNamed = <K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
) => lazy(() => load().then((module) => ({ default: module[name] })));
