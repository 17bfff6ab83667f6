import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { Role } from '@shared/users/roles';
import { useCurrentSession } from '@/features/auth/api';

/** A screen for some roles only; others are told so rather than shown an empty page. */
export function RoleOnly({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { user } = useCurrentSession();
  if (roles.includes(user.role)) return children;
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert className="text-muted-foreground size-10" aria-hidden />
      <h1 className="text-xl font-semibold">Not available for your role</h1>
      <p className="text-muted-foreground text-sm">Ask an administrator if you need access to this screen.</p>
    </div>
  );
}
