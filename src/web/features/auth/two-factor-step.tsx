import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import type { z } from 'zod';
import { ENTER_THE_CODE, twoFactorSignInSchema } from '@shared/auth/two-factor';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError } from '@/lib/toast';
import { useTwoFactorSignIn } from './api';

type Form = z.input<typeof twoFactorSignInSchema>;

/**
 * The second step of sign-in for an account with two-factor sign-in on: the code from the authenticator app, or one
 * of the recovery codes. `onRestart` goes back to the password, when the pending sign-in has expired or on request.
 */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const [recovery, setRecovery] = useState(false);
  const verify = useTwoFactorSignIn();
  const form = useForm<Form, unknown, z.output<typeof twoFactorSignInSchema>>({
    resolver: zodResolver(twoFactorSignInSchema),
    defaultValues: { code: '', trustDevice: false },
  });

  const onSubmit = form.handleSubmit((values) =>
    verify.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'TWO_FACTOR_EXPIRED') {
          notifyError('Login Failed', error.message);
          return onRestart();
        }
        form.setError('code', { message: errorMessage(error, 'The code could not be checked. Please try again.') });
        form.setFocus('code');
      },
    }),
  );

  const switchKind = () => {
    setRecovery((shown) => !shown);
    form.reset({ code: '', trustDevice: form.getValues('trustDevice') });
    setTimeout(() => form.setFocus('code'));
  };

  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Two-factor sign-in">
      <FormField
        label={recovery ? 'Recovery code' : 'Authentication code'}
        htmlFor="two-factor-code"
        description={
          recovery ? 'One of the recovery codes you saved when you set up two-factor sign-in. Each works once.' : ENTER_THE_CODE
        }
        error={form.formState.errors.code?.message}
      >
        <Input
          key={recovery ? 'recovery' : 'app'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
          maxLength={recovery ? 11 : 7}
          placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
          className="font-mono tracking-widest"
          {...form.register('code')}
        />
      </FormField>
      <Controller
        control={form.control}
        name="trustDevice"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox id="trust-device" checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
            <Label htmlFor="trust-device" className="font-normal">
              Trust this device for 30 days
            </Label>
          </div>
        )}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending && <Loader2 className="animate-spin" />}
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="link" className="h-auto px-0" onClick={switchKind}>
          {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
        </Button>
        <Button type="button" variant="link" className="text-muted-foreground h-auto px-0" onClick={onRestart}>
          Back to sign in
        </Button>
      </div>
    </form>
  );
}
