import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Loader2 } from 'lucide-react';
import type { z } from 'zod';
import type { Session } from '@shared/auth/sign-in';
import {
  twoFactorPasswordSchema,
  twoFactorVerifySchema,
  type TwoFactorEnrolment as Enrolment,
  type TwoFactorPasswordInput,
} from '@shared/auth/two-factor';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useConfirmTwoFactor, useStartTwoFactor } from './api';
import { RecoveryCodes } from './recovery-codes';

type Stage = { step: 'password' } | { step: 'scan'; enrolment: Enrolment } | { step: 'codes'; codes: string[]; session: Session };

/**
 * Setting up two-factor sign-in: the password again, then the QR code (and its key to type) for the authenticator
 * app and the first code from it, then the recovery codes, shown once. `onDone` gets the session the server issued
 * in place of the old one, once the codes are put away.
 */
export function TwoFactorEnrolment({
  email,
  onDone,
  onCancel,
}: {
  email: string;
  onDone: (session: Session) => void;
  onCancel?: () => void;
}) {
  const [stage, setStage] = useState<Stage>({ step: 'password' });
  if (stage.step === 'password')
    return <PasswordStep onCancel={onCancel} onStarted={(enrolment) => setStage({ step: 'scan', enrolment })} />;
  if (stage.step === 'scan')
    return (
      <ScanStep
        enrolment={stage.enrolment}
        onCancel={onCancel}
        onVerified={(session) => setStage({ step: 'codes', codes: stage.enrolment.backupCodes, session })}
      />
    );
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h3 className="font-medium">Save your recovery codes</h3>
        <p className="text-muted-foreground text-sm">
          Two-factor sign-in is on. If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they
          are not shown again.
        </p>
      </div>
      <RecoveryCodes email={email} codes={stage.codes} />
      <div>
        <Button type="button" onClick={() => onDone(stage.session)}>
          I have saved my recovery codes
        </Button>
      </div>
    </div>
  );
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (enrolment: Enrolment) => void; onCancel?: () => void }) {
  const start = useStartTwoFactor();
  const form = useForm<TwoFactorPasswordInput>({
    resolver: zodResolver(twoFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    start.mutate(values, {
      onSuccess: onStarted,
      onError: (error) => {
        if (!showServerErrors(form.setError, error)) notifyError('Error', errorMessage(error, 'Please try again.'));
      },
    }),
  );
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Confirm your password">
      <FormField
        label="Password"
        htmlFor="two-factor-password"
        description="Enter your password to set up two-factor sign-in."
        error={form.formState.errors.password?.message}
      >
        <Input type="password" autoComplete="current-password" autoFocus {...form.register('password')} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending && <Loader2 className="animate-spin" />}
          {start.isPending ? 'Checking...' : 'Continue'}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

/** The QR code of the app's setup link, drawn in the browser: the secret never leaves this screen's memory. */
function useQrCode(uri: string) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [uri]);
  return image;
}

/** The secret as people type it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function ScanStep({
  enrolment,
  onVerified,
  onCancel,
}: {
  enrolment: Enrolment;
  onVerified: (session: Session) => void;
  onCancel?: () => void;
}) {
  const qr = useQrCode(enrolment.totpURI);
  const confirm = useConfirmTwoFactor();
  const form = useForm<z.input<typeof twoFactorVerifySchema>, unknown, z.output<typeof twoFactorVerifySchema>>({
    resolver: zodResolver(twoFactorVerifySchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: onVerified,
      onError: (error) => {
        if (!showServerErrors(form.setError, error)) notifyError('Error', errorMessage(error, 'Please try again.'));
      },
    }),
  );
  const copyKey = async () => {
    await navigator.clipboard.writeText(enrolment.secret).then(
      () => notifySuccess('Key copied'),
      () => notifyError('Copy failed', 'Select the key and copy it.'),
    );
  };

  return (
    <div className="grid gap-4">
      <ol className="text-muted-foreground list-decimal space-y-1 pl-5 text-sm">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code, or enter the key below.</li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <div className="grid justify-items-center gap-3 sm:grid-cols-[auto_1fr] sm:items-center sm:justify-items-start">
        {qr ? (
          <img src={qr} alt="QR code for your authenticator app" width={200} height={200} className="rounded-md bg-white p-1" />
        ) : (
          <Skeleton className="size-[200px]" aria-hidden />
        )}
        <div className="grid w-full min-w-0 gap-1">
          <p className="text-sm font-medium" id="two-factor-key-label">
            Can’t scan it? Enter this key
          </p>
          <div className="flex items-center gap-2">
            <code
              aria-labelledby="two-factor-key-label"
              data-testid="two-factor-secret"
              className="bg-muted rounded-md px-2 py-1 font-mono text-sm select-all"
            >
              {grouped(enrolment.secret)}
            </code>
            <Button type="button" variant="ghost" size="icon" onClick={copyKey} aria-label="Copy the key">
              <Copy />
            </Button>
          </div>
        </div>
      </div>
      <form className="grid gap-4" onSubmit={onSubmit} noValidate aria-label="Confirm the code">
        <FormField label="Code from the app" htmlFor="two-factor-verify-code" error={form.formState.errors.code?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            placeholder="123456"
            className="max-w-40 font-mono tracking-widest"
            {...form.register('code')}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending && <Loader2 className="animate-spin" />}
            {confirm.isPending ? 'Verifying...' : 'Turn on'}
          </Button>
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}
