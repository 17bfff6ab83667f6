import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { lazyNamed } from '@/lib/area';
import { customerCards, settingsCards, vehicleCards, webAreas } from './areas';
import { PublicOnly, RequireAuth, RequireSession } from './guards';
import { NotFoundPage } from './not-found';
import { RoleOnly } from './admin-only';

const AppShell = lazyNamed(() => import('./shell/app-shell'), 'AppShell');
const SignInPage = lazyNamed(() => import('@/features/auth/sign-in-page'), 'SignInPage');
const AcceptInvitationPage = lazyNamed(() => import('@/features/auth/accept-invitation-page'), 'AcceptInvitationPage');
const UnsubscribePage = lazyNamed(() => import('@/features/consent/unsubscribe-page'), 'UnsubscribePage');
const QuotePage = lazyNamed(() => import('@/features/desking/quote-page'), 'QuotePage');
const TwoFactorSetupPage = lazyNamed(() => import('@/features/users/two-factor-setup-page'), 'TwoFactorSetupPage');
// Typed with their props: the pages other areas add cards to, composed in here with every area's cards.
const VehiclePage = lazy(() => import('@/features/vehicles/vehicle-page').then((m) => ({ default: m.VehiclePage })));
// Likewise the deal's page, with the desking area's chosen dealer offer composed in as `offerSlot`.
const DealPage = lazy(() => import('@/features/deals/deal-page').then((m) => ({ default: m.DealPage })));
const ChosenOffer = lazy(() => import('@/features/desking/chosen-offer').then((m) => ({ default: m.ChosenOffer })));
// And the customer's page and the settings page, with the cards every area declares for them.
const CustomerPage = lazy(() => import('@/features/customers/customer-page').then((m) => ({ default: m.CustomerPage })));
const SettingsPage = lazy(() => import('@/features/settings/settings-page').then((m) => ({ default: m.SettingsPage })));

/** The screens inside the shell: every area's, and the pages two areas make together. */
const signedInRoutes: RouteObject[] = [
  ...webAreas
    .flatMap((area) => area.routes ?? [])
    .map(({ path, element, shownTo }) => ({
      path,
      element: shownTo ? <RoleOnly shownTo={shownTo}>{element}</RoleOnly> : element,
    })),
  { path: 'inventory/:id', element: <VehiclePage cards={vehicleCards} /> },
  { path: 'deals/:id', element: <DealPage offerSlot={ChosenOffer} /> },
  { path: 'customers/:id', element: <CustomerPage cards={customerCards} /> },
  { path: 'settings', element: <SettingsPage cards={settingsCards} /> },
];

const routes: RouteObject[] = [
  { element: <PublicOnly />, children: [{ index: true, element: <SignInPage /> }] },
  { path: 'invite/:token', element: <AcceptInvitationPage /> },
  { path: 'unsubscribe/:token', element: <UnsubscribePage /> },
  { path: 'quote/:token', element: <QuotePage /> },
  { element: <RequireSession />, children: [{ path: 'two-factor-setup', element: <TwoFactorSetupPage /> }] },
  { element: <RequireAuth />, children: [{ element: <AppShell />, children: signedInRoutes }] },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Every screen of the app. Declared as route objects but rendered by `useRoutes` inside a `BrowserRouter`: Torque
 * uses no loaders, actions or blockers, and without the data router the first screen loads less script (bench/README.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
