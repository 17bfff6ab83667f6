import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';
import { can, type Action } from '@shared/users/permissions';
import { useCurrentSession } from '@/features/auth/api';

/** A screen for those who may do `shownTo`; others are told so rather than shown an empty page. */
export function RoleOnly({ shownTo, children }: { shownTo: Action; children: ReactNode }) {
  const { user } = useCurrentSession();
  if (can(user, shownTo)) return children;
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center">
      <ShieldAlert className="text-muted-foreground size-10" aria-hidden />
      <h1 className="text-xl font-semibold">Not available for your role</h1>
      <p className="text-muted-foreground text-sm">Ask an administrator if you need access to this screen.</p>
    </div>
  );
}
