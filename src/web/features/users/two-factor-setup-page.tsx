import { Navigate } from 'react-router';
import type { Session } from '@shared/auth/sign-in';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentSession, useSignOut } from '@/features/auth/api';
import { notifySuccess } from '@/lib/toast';
import { useKeepSession } from './api';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/**
 * /two-factor-setup — where a user the security settings hold to two-factor sign-in is sent until it is on: the
 * server answers every other route with TWO_FACTOR_REQUIRED meanwhile.
 */
export function TwoFactorSetupPage() {
  const { user, twoFactor } = useCurrentSession();
  const keepSession = useKeepSession();
  const signOut = useSignOut();
  if (!twoFactor.setupNeeded) return <Navigate to="/dashboard" replace />;

  const done = (session: Session) => {
    notifySuccess('Two-factor sign-in is on', 'Welcome to the CRM');
    keepSession(session);
  };

  return (
    <main className="bg-muted/40 flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-lg shadow-lg">
        <CardHeader className="items-center text-center">
          <BrandMark className="mx-auto mb-2 size-11" />
          <CardTitle className="text-2xl">
            <h1>Set up two-factor sign-in</h1>
          </CardTitle>
          <CardDescription>
            The security settings require a code from an authenticator app at sign-in for your account ({user.email}). It takes a
            minute.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <TwoFactorEnrolment email={user.email} onDone={done} />
          <Button variant="link" className="text-muted-foreground justify-self-center" onClick={() => signOut.mutate()}>
            Sign out
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
