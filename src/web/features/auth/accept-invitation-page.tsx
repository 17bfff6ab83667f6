import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { Loader2 } from 'lucide-react';
import { z } from 'zod';
import { INVITATION_WITHDRAWN } from '@shared/team/rules';
import { acceptInvitationSchema, PASSWORD_MAX, PASSWORD_MIN } from '@shared/team/schemas';
import { roleLabels } from '@shared/users/roles';
import { BrandMark } from '@/components/brand-mark';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useAcceptInvitation, useInvitationPreview } from './api';

const formSchema = acceptInvitationSchema
  .omit({ token: true })
  .extend({ confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
type Form = z.infer<typeof formSchema>;

/** /invite/:token — the invited person chooses their name and password, and is signed in. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams();
  const preview = useInvitationPreview(token);
  const withdrawn = preview.error instanceof ApiError && preview.error.code === INVITATION_WITHDRAWN ? preview.error : null;
  return (
    <main className="bg-muted/40 flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-sm shadow-lg">
        <CardHeader className="items-center text-center">
          <BrandMark className="mx-auto mb-2 size-11" />
          <CardTitle className="text-2xl">Join Torque CRM</CardTitle>
          {preview.data && (
            <CardDescription>
              {preview.data.email} is invited as {roleLabels[preview.data.role]}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {withdrawn ? (
            <InvalidInvitation message={withdrawn.message} />
          ) : (
            <QueryState
              query={preview}
              loadingMessage="Checking the invitation..."
              failedMessage="The invitation could not be checked."
              notFound={
                <InvalidInvitation
                  message={errorMessage(preview.error, 'This invitation link is not valid.')}
                  hint="Ask the person who invited you for a new link."
                />
              }
            >
              {() => <AcceptForm token={token} />}
            </QueryState>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

/** Why the link cannot be used; `hint` says whom to ask when the message does not. */
function InvalidInvitation({ message, hint }: { message: string; hint?: string }) {
  return (
    <div className="grid gap-4 text-center">
      <p role="alert">{message}</p>
      {hint && <p className="text-muted-foreground text-sm">{hint}</p>}
      <Button asChild variant="outline">
        <Link to="/">Go to sign in</Link>
      </Button>
    </div>
  );
}

function AcceptForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const form = useForm<Form>({ resolver: zodResolver(formSchema), defaultValues: { name: '', password: '', confirm: '' } });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(({ name, password }) =>
    accept.mutate(
      { token, name, password },
      {
        onSuccess: () => {
          notifySuccess('Login Successful', 'Welcome to the CRM');
          navigate('/dashboard', { replace: true });
        },
        onError: (error) => {
          if (!showServerErrors(form.setError, error))
            notifyError('Error', errorMessage(error, 'Failed to accept the invitation.'));
        },
      },
    ),
  );
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate>
      <FormField label="Full Name" htmlFor="name" error={errors.name?.message}>
        <Input autoComplete="name" required {...form.register('name')} />
      </FormField>
      <FormField
        label="Password"
        htmlFor="password"
        error={errors.password?.message}
        description={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters; a passphrase of a few words is easy to remember`}
      >
        <Input type="password" autoComplete="new-password" required {...form.register('password')} />
      </FormField>
      <FormField label="Confirm Password" htmlFor="confirm" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" required {...form.register('confirm')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending && <Loader2 className="animate-spin" />}
        {accept.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
