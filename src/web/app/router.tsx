import { lazy } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PublicOnly, RequireAuth } from './guards';
import { NotFoundPage } from './not-found';
import { PlannedScreen } from './planned-screen';
import { RoleOnly } from './admin-only';

const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const AppShell = named(() => import('./shell/app-shell'), 'AppShell');
const SignInPage = named(() => import('@/features/auth/sign-in-page'), 'SignInPage');
const DashboardPage = named(() => import('@/features/dashboard/dashboard-page'), 'DashboardPage');
const ProfilePage = named(() => import('@/features/users/profile-page'), 'ProfilePage');

const planned: [path: string, title: string, description: string][] = [
  ['customers', 'Customer Management', 'Customers, their contact details and documents'],
  ['customers/new', 'New Customer', 'Add a customer to your book'],
  ['inventory', 'Inventory Management', 'Vehicles on the lot and on order'],
  ['inventory/new', 'New Vehicle', 'Add a vehicle to inventory'],
  ['deals', 'Deal Analytics', 'Sales, broker fees and deal history'],
  ['deals/new', 'New Deal', 'Record a sale'],
  ['agents', 'Agents', 'Your sales team'],
  ['analytics', 'Analytics Dashboard', 'Revenue, sales and conversion over time'],
  ['communications', 'Communications', 'E-mail and documents'],
  ['accounting', 'Accounting & Commissions', 'Commissions by agent and deal'],
  ['social-media', 'Social Media', 'Offers for Instagram, e-mail and SMS'],
  ['chat', 'Team Chat', 'Chats, people and alerts'],
  ['minor-cosigners', 'Minor Co-Signer Agreements', 'Agreements signed by a parent or guardian and the minor'],
  ['settings', 'Settings', 'Company, users, notifications and security'],
];

const signedInRoutes: RouteObject[] = [
  { path: 'dashboard', element: <DashboardPage /> },
  { path: 'profile', element: <ProfilePage /> },
  ...planned.map(([path, title, description]) => ({ path, element: <PlannedScreen title={title} description={description} /> })),
  {
    path: 'users',
    element: (
      <RoleOnly roles={['admin']}>
        <PlannedScreen title="User Management" description="Invite users, set roles and deactivate accounts" />
      </RoleOnly>
    ),
  },
];

export const router = createBrowserRouter([
  { element: <PublicOnly />, children: [{ index: true, element: <SignInPage /> }] },
  { element: <RequireAuth />, children: [{ element: <AppShell />, children: signedInRoutes }] },
  { path: '*', element: <NotFoundPage /> },
]);
