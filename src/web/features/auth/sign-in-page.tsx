import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Eye, EyeOff, Loader2 } from 'lucide-react';
import { signInSchema, type DemoRole, type SignInInput } from '@shared/auth/sign-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { setViewMode, useViewMode, viewModeLabels, viewModes, type ViewMode } from '@/lib/view-mode';
import { BrandMark } from '@/components/brand-mark';
import { isSession, useDemoSignIn, usePublicConfig, useSignIn } from './api';
import { TwoFactorStep } from './two-factor-step';

export function SignInPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const demoSignIn = useDemoSignIn();
  const config = usePublicConfig();
  const viewMode = useViewMode();
  const [showPassword, setShowPassword] = useState(false);
  // After a right password, an account with two-factor sign-in on is asked for its code.
  const [step, setStep] = useState<'password' | 'code'>('password');
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });
  const busy = signIn.isPending || demoSignIn.isPending;
  const passwordError = form.formState.errors.password?.message;

  const welcome = () => {
    notifySuccess('Login Successful', 'Welcome to the CRM');
    navigate('/dashboard', { replace: true });
  };

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (result) => (isSession(result) ? welcome() : setStep('code')),
      onError: (error) => notifyError('Login Failed', errorMessage(error, 'Invalid credentials')),
    }),
  );

  const onDemo = (role: DemoRole) =>
    demoSignIn.mutate(role, {
      onSuccess: (result) => {
        if (!isSession(result)) return setStep('code');
        notifySuccess('Demo Login Successful', `Logged in as ${role}`);
        navigate('/dashboard', { replace: true });
      },
      onError: (error) => notifyError('Demo Login Failed', errorMessage(error, 'Demo account not found')),
    });

  const restart = () => {
    form.resetField('password');
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
            <TwoFactorStep onSignedIn={welcome} onRestart={restart} />
          </CardContent>
        ) : (
          <CardContent className="grid gap-4">
            <form className="grid gap-4" onSubmit={onSubmit} noValidate>
              <FormField label="Email" htmlFor="email" error={form.formState.errors.email?.message}>
                <Input
                  type="email"
                  autoComplete="username"
                  required
                  placeholder="you@dealership.com"
                  {...form.register('email')}
                />
              </FormField>
              <div className="grid gap-2">
                <Label htmlFor="password">Password</Label>
                <div className="relative">
                  <Input
                    id="password"
                    type={showPassword ? 'text' : 'password'}
                    autoComplete="current-password"
                    required
                    className="pr-10"
                    aria-invalid={Boolean(passwordError)}
                    aria-describedby={passwordError ? 'password-error' : undefined}
                    {...form.register('password')}
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
                {passwordError && (
                  <p id="password-error" role="alert" className="text-destructive text-sm">
                    {passwordError}
                  </p>
                )}
              </div>
              <div className="grid gap-2">
                <Label htmlFor="view-mode">View mode</Label>
                <Select value={viewMode} onValueChange={(mode) => setViewMode(mode as ViewMode)}>
                  <SelectTrigger id="view-mode" className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {viewModes.map((mode) => (
                      <SelectItem key={mode} value={mode}>
                        {viewModeLabels[mode]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
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
