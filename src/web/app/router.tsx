import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth, RequireSession } from './guards';
import { NotFoundPage } from './not-found';
import { RoleOnly } from './admin-only';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const AppShell = named(() => import('./shell/app-shell'), 'AppShell');
const SignInPage = named(() => import('@/features/auth/sign-in-page'), 'SignInPage');
const DashboardPage = named(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage');
const ProfilePage = named(() => import('@/features/users/profile-page'), 'ProfilePage');
const CustomersPage = named(() => import('@/features/customers/customers-page'), 'CustomersPage');
const LeadsPage = named(() => import('@/features/leads/leads-page'), 'LeadsPage');
const NewCustomerPage = named(() => import('@/features/customers/new-customer-page'), 'NewCustomerPage');
const CustomerPage = named(() => import('@/features/customers/customer-page'), 'CustomerPage');
const EditCustomerPage = named(() => import('@/features/customers/edit-customer-page'), 'EditCustomerPage');
const InventoryPage = named(() => import('@/features/vehicles/inventory-page'), 'InventoryPage');
const NewVehiclePage = named(() => import('@/features/vehicles/new-vehicle-page'), 'NewVehiclePage');
const EditVehiclePage = named(() => import('@/features/vehicles/edit-vehicle-page'), 'EditVehiclePage');
// Typed with its props: the deals area's "Deals for this vehicle" list is composed in here, as `dealsSlot`.
const VehiclePage = lazy(() => import('@/features/vehicles/vehicle-page').then((m) => ({ default: m.VehiclePage })));
const VehicleDeals = lazy(() => import('@/features/deals/vehicle-deals').then((m) => ({ default: m.VehicleDeals })));

const DealsPage = named(() => import('@/features/deals/deals-page'), 'DealsPage');
const NewDealPage = named(() => import('@/features/deals/new-deal-page'), 'NewDealPage');
const DealPage = named(() => import('@/features/deals/deal-page'), 'DealPage');
const EditDealPage = named(() => import('@/features/deals/edit-deal-page'), 'EditDealPage');
const AnalyticsPage = named(() => import('@/features/analytics/analytics-page'), 'AnalyticsPage');
const AccountingPage = named(() => import('@/features/accounting/accounting-page'), 'AccountingPage');
const AgentsPage = named(() => import('@/features/team/team-page'), 'AgentsPage');
const UsersPage = named(() => import('@/features/team/team-page'), 'UsersPage');
const SettingsPage = named(() => import('@/features/settings/settings-page'), 'SettingsPage');
const AcceptInvitationPage = named(() => import('@/features/auth/accept-invitation-page'), 'AcceptInvitationPage');
const UnsubscribePage = named(() => import('@/features/consent/unsubscribe-page'), 'UnsubscribePage');
const CommunicationsPage = named(() => import('@/features/emails/communications-page'), 'CommunicationsPage');
const SocialMediaPage = named(() => import('@/features/offers/social-media-page'), 'SocialMediaPage');
const CosignersPage = named(() => import('@/features/cosigners/cosigners-page'), 'CosignersPage');
const ChatPage = named(() => import('@/features/chat/chat-page'), 'ChatPage');
const TwoFactorSetupPage = named(() => import('@/features/users/two-factor-setup-page'), 'TwoFactorSetupPage');

const signedInRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'profile', element: <ProfilePage /> },
  { path: 'customers', element: <CustomersPage /> },
  { path: 'customers/new', element: <NewCustomerPage /> },
  { path: 'customers/:id', element: <CustomerPage /> },
  { path: 'customers/:id/edit', element: <EditCustomerPage /> },
  { path: 'leads', element: <LeadsPage /> },
  { path: 'inventory', element: <InventoryPage /> },
  { path: 'inventory/new', element: <NewVehiclePage /> },
  { path: 'inventory/:id', element: <VehiclePage dealsSlot={VehicleDeals} /> },
  { path: 'inventory/:id/edit', element: <EditVehiclePage /> },
  { path: 'deals', element: <DealsPage /> },
  { path: 'deals/new', element: <NewDealPage /> },
  { path: 'deals/:id', element: <DealPage /> },
  { path: 'deals/:id/edit', element: <EditDealPage /> },
  { path: 'analytics', element: <AnalyticsPage /> },
  { path: 'accounting', element: <AccountingPage /> },
  { path: 'agents', element: <AgentsPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: 'chat', element: <ChatPage /> },
  { path: 'communications', element: <CommunicationsPage /> },
  { path: 'social-media', element: <SocialMediaPage /> },
  { path: 'minor-cosigners', element: <CosignersPage /> },
  {
    path: 'users',
    element: (
      <RoleOnly roles={['admin']}>
        <UsersPage />
      </RoleOnly>
    ),
  },
];

const routes: RouteObject[] = [
  { element: <PublicOnly />, children: [{ index: true, element: <SignInPage /> }] },
  { path: 'invite/:token', element: <AcceptInvitationPage /> },
  { path: 'unsubscribe/:token', element: <UnsubscribePage /> },
  { element: <RequireSession />, children: [{ path: 'two-factor-setup', element: <TwoFactorSetupPage /> }] },
  { element: <RequireAuth />, children: [{ element: <AppShell />, children: signedInRoutes }] },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Every screen of the app. Declared as route objects but rendered by `useRoutes` inside a `BrowserRouter`: Torque
 * uses no loaders, actions or blockers, and without the data router the first screen loads about 15 KB (gzip) less script.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
