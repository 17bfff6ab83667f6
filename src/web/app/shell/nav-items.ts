import {
  BarChart3,
  Calculator,
  Car,
  FileSignature,
  Handshake,
  LayoutDashboard,
  Mail,
  MessagesSquare,
  Settings,
  Share2,
  ShieldCheck,
  Inbox,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@shared/users/roles';

export type NavItem = { to: string; label: string; icon: LucideIcon; roles?: Role[] };

/** The sidebar's links, in the order the spec gives; Leads, which the spec does not name, follows Customers. */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/customers', label: 'Customers', icon: Users },
  { to: '/leads', label: 'Leads', icon: Inbox },
  { to: '/minor-cosigners', label: 'Minor Co-Signers', icon: FileSignature },
  { to: '/inventory', label: 'Inventory', icon: Car },
  { to: '/deals', label: 'Deals', icon: Handshake },
  { to: '/agents', label: 'Agents', icon: UserRound },
  { to: '/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/communications', label: 'Communications', icon: Mail },
  { to: '/accounting', label: 'Accounting', icon: Calculator },
  { to: '/social-media', label: 'Social Media', icon: Share2 },
  { to: '/chat', label: 'Team Chat', icon: MessagesSquare },
  { to: '/users', label: 'User Management', icon: ShieldCheck, roles: ['admin'] },
  { to: '/settings', label: 'Settings', icon: Settings },
];
