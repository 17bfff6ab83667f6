import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, ShieldCheck } from 'lucide-react';
import type { Session } from '@shared/auth/sign-in';
import { twoFactorPasswordSchema, type TwoFactorPasswordInput } from '@shared/auth/two-factor';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useKeepSession, useTurnOffTwoFactor } from './api';
import { TwoFactorEnrolment } from './two-factor-enrolment';

/** Profile's "Two-factor sign-in" card: its status, Set up, and Turn off where the security settings allow it. */
export function TwoFactorCard() {
  const { user, impersonator, twoFactor } = useCurrentSession();
  const keepSession = useKeepSession();
  const [mode, setMode] = useState<'status' | 'setup' | 'turn-off'>('status');

  const enrolled = (session: Session) => {
    keepSession(session);
    setMode('status');
    notifySuccess('Two-factor sign-in is on', 'Sign-in will ask for a code from your authenticator app.');
  };

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldCheck className="size-5" aria-hidden />
          Two-factor sign-in
          <Badge variant={twoFactor.enabled ? 'success' : 'secondary'}>{twoFactor.enabled ? 'On' : 'Off'}</Badge>
        </CardTitle>
        <CardDescription>
          After your password, sign-in asks for a code from an authenticator app on your phone, so a stolen password alone does
          not let anyone in.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {(twoFactor.enabled || twoFactor.required) && mode === 'status' && (
          <p className="text-sm">
            {twoFactor.enabled &&
              'Each sign-in asks for a code from your app; if you lose your phone, a recovery code works once. '}
            {twoFactor.required && 'The security settings require it for your role.'}
          </p>
        )}
        {impersonator ? (
          <p className="text-muted-foreground text-sm">Switch back to your own account to change two-factor sign-in.</p>
        ) : mode === 'setup' ? (
          <TwoFactorEnrolment email={user.email} onDone={enrolled} onCancel={() => setMode('status')} />
        ) : mode === 'turn-off' ? (
          <TurnOffForm onDone={() => setMode('status')} />
        ) : twoFactor.enabled ? (
          !twoFactor.required && (
            <div>
              <Button variant="outline" onClick={() => setMode('turn-off')}>
                Turn off
              </Button>
            </div>
          )
        ) : (
          <div>
            <Button onClick={() => setMode('setup')}>Set up</Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function TurnOffForm({ onDone }: { onDone: () => void }) {
  const turnOff = useTurnOffTwoFactor();
  const form = useForm<TwoFactorPasswordInput>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    turnOff.mutate(values, {
      onSuccess: () => {
        notifySuccess('Two-factor sign-in is off');
        onDone();
      },
      onError: (error) => {
        if (!showServerErrors(form.setError, error)) notifyError('Error', errorMessage(error, 'Please try again.'));
      },
    }),
  );
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
      <FormField
        label="Password"
        htmlFor="two-factor-off-password"
        description="Enter your password to turn off two-factor sign-in."
        error={form.formState.errors.password?.message}
      >
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={turnOff.isPending}>
          {turnOff.isPending && <Loader2 className="animate-spin" />}
          {turnOff.isPending ? 'Turning off...' : 'Turn off'}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
