import { lazy, Suspense, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import type { DemoRole, SignInInput } from '@shared/auth/sign-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess, prepareToasts } from '@/lib/toast';
import { setViewMode, useViewMode, viewModeLabels, viewModes, type ViewMode } from '@/lib/view-mode';
import { BrandMark } from '@/components/brand-mark';
import { isSession, useDemoSignIn, usePublicConfig, useSignIn } from './api';

// The sign-in screen is the first thing every user loads, so what it needs only later comes later: the shared
// schema (and zod with it) when the form is first sent, the two-factor step after a right password. Two fields need
// no form library.
const TwoFactorStep = lazy(() => import('./two-factor-step').then(({ TwoFactorStep }) => ({ default: TwoFactorStep })));

type FieldErrors = Partial<Record<keyof SignInInput, string>>;
/** What a field's input is given: its name, its value and what typing does. */
type FieldProps = { name: keyof SignInInput; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };

/** The values checked by the shared sign-in schema: the parsed input, or each field's message. */
async function validate(values: SignInInput): Promise<{ input: SignInInput } | { errors: FieldErrors }> {
  const { signInSchema } = await import('@shared/auth/sign-in');
  const parsed = signInSchema.safeParse(values);
  if (parsed.success) return { input: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof SignInInput] ??= issue.message;
  return { errors };
}

/** The password, with a button that shows it as typed; its message below it once the form has been sent. */
function PasswordField({ error, ...input }: { error?: string } & FieldProps) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <div className="grid gap-2">
      <Label htmlFor="password" data-error={Boolean(error)} className="data-[error=true]:text-destructive">
        Password
      </Label>
      <div className="relative">
        <Input
          id="password"
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          required
          className="pr-10"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'password-error' : undefined}
          {...input}
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="absolute top-0 right-0 h-full"
          onClick={() => setShowPassword((shown) => !shown)}
          aria-label={showPassword ? 'Hide password' : 'Show password'}
        >
          {showPassword ? <EyeOff /> : <Eye />}
        </Button>
      </div>
      {error && (
        <p id="password-error" role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

/** The view mode, chosen before signing in and kept for the app. */
function ViewModeField() {
  const viewMode = useViewMode();
  return (
    <div className="grid gap-2">
      <Label htmlFor="view-mode">View mode</Label>
      <NativeSelect id="view-mode" value={viewMode} onChange={(event) => setViewMode(event.target.value as ViewMode)}>
        {viewModes.map((mode) => (
          <option key={mode} value={mode}>
            {viewModeLabels[mode]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

export function SignInPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const demoSignIn = useDemoSignIn();
  const config = usePublicConfig();
  // After a right password, an account with two-factor sign-in on is asked for its code.
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [values, setValues] = useState<SignInInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const busy = signIn.isPending || demoSignIn.isPending;

  /** A field's input; once the form has been sent, its message follows what is typed. */
  const field = (name: keyof SignInInput): FieldProps => ({
    name,
    value: values[name],
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (errors[name] !== undefined)
        void validate(next).then((result) =>
          setErrors((now) => ({ ...now, [name]: 'errors' in result ? result.errors[name] : undefined })),
        );
    },
  });

  const welcome = () => {
    notifySuccess('Login Successful', 'Welcome to the CRM');
    navigate('/dashboard', { replace: true });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    void prepareToasts();
    const result = await validate(values);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    signIn.mutate(result.input, {
      onSuccess: (answer) => (isSession(answer) ? welcome() : setStep('code')),
      onError: (error) => notifyError('Login Failed', errorMessage(error, 'Invalid credentials')),
    });
  };

  const onDemo = (role: DemoRole) => {
    void prepareToasts();
    demoSignIn.mutate(role, {
      onSuccess: (result) => {
        if (!isSession(result)) return setStep('code');
        notifySuccess('Demo Login Successful', `Logged in as ${role}`);
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => notifyError('Demo Login Failed', errorMessage(error, 'Demo account not found')),
    });
  };

  const restart = () => {
    setValues((now) => ({ ...now, password: '' }));
    setStep('password');
  };

  return (
    <main className="bg-muted/40 flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-sm shadow-lg">
        <CardHeader className="items-center text-center">
          <BrandMark className="mx-auto mb-2 size-11" />
          <CardTitle className="text-2xl">Torque CRM</CardTitle>
          <CardDescription>
            {step === 'code' ? 'Two-factor sign-in' : 'Sign in to manage customers, inventory and deals'}
          </CardDescription>
        </CardHeader>
        {step === 'code' ? (
          <CardContent>
            <Suspense fallback={<Loader2 className="text-muted-foreground mx-auto animate-spin" aria-label="Loading" />}>
              <TwoFactorStep onSignedIn={welcome} onRestart={restart} />
            </Suspense>
          </CardContent>
        ) : (
          <CardContent className="grid gap-4">
            <form className="grid gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
              <FormField label="Email" htmlFor="email" error={errors.email}>
                <Input type="email" autoComplete="username" required placeholder="you@dealership.com" {...field('email')} />
              </FormField>
              <PasswordField error={errors.password} {...field('password')} />
              <ViewModeField />
              <Button type="submit" className="w-full" disabled={busy}>
                {signIn.isPending && <Loader2 className="animate-spin" />}
                {signIn.isPending ? 'Signing In...' : 'Sign In'}
              </Button>
            </form>

            {config.data?.demo && (
              <>
                <div className="relative py-1 text-center text-xs uppercase">
                  <span className="bg-border absolute inset-x-0 top-1/2 h-px" aria-hidden />
                  <span className="bg-card text-muted-foreground relative px-2">Demo Access</span>
                </div>
                <div className="grid grid-cols-2 gap-2">
                  <Button variant="outline" disabled={busy} onClick={() => onDemo('admin')}>
                    Admin Demo
                  </Button>
                  <Button variant="outline" disabled={busy} onClick={() => onDemo('agent')}>
                    Agent Demo
                  </Button>
                </div>
              </>
            )}
            <p className="text-muted-foreground text-center text-sm">Need help? Contact your system administrator</p>
          </CardContent>
        )}
      </Card>
    </main>
  );
}
