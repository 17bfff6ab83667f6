import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Send } from 'lucide-react';
import { z } from 'zod';
import { inviteSchema, settingsInviteSchema } from '@shared/team/schemas';
import { invitableRoles } from '@shared/team/rules';
import { roleLabels } from '@shared/users/roles';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCurrentSession } from '@/features/auth/api';
import { errorMessage } from '@/lib/api-client';
import { showServerErrors } from '@/lib/server-errors';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useInvite } from './api';

/**
 * The invite form: e-mail and role, 'Send Invitation' mails a single-use link, 'Copy invite link' makes the same
 * link without mailing it. `variant="settings"` is the settings page's Invite Users card (its e-mail message).
 */
export function InviteForm({ variant = 'team' }: { variant?: 'team' | 'settings' }) {
  const { user } = useCurrentSession();
  const roles = invitableRoles(user.role);
  const schema = (variant === 'settings' ? settingsInviteSchema : inviteSchema).omit({ send: true });
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', role: roles.length === 1 ? roles[0] : undefined },
  });
  const invite = useInvite();

  const submit = (send: boolean) =>
    form.handleSubmit((values) =>
      invite.mutate(
        { ...values, send },
        {
          onSuccess: async (created) => {
            form.reset({ email: '', role: form.getValues('role') });
            if (send) return notifySuccess('Invitation Sent', `${created.email} will receive a link valid for 7 days.`);
            try {
              await navigator.clipboard.writeText(created.link);
              notifySuccess('Link Copied', `The link for ${created.email} works once, for 7 days.`);
            } catch {
              window.prompt('Copy this invite link', created.link);
            }
          },
          onError: (error) => {
            showServerErrors(form.setError, error);
            notifyError('Failed to send invitation', errorMessage(error, 'Please try again.'));
          },
        },
      ),
    );

  const errors = form.formState.errors;
  const message = errors.email?.message ?? errors.role?.message;
  return (
    <form className="grid gap-3" onSubmit={submit(true)} noValidate aria-label="Invite a user">
      <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
        <FormField label="Email" htmlFor="invite-email">
          <Input type="email" autoComplete="off" placeholder="name@dealership.com" {...form.register('email')} />
        </FormField>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select value={field.value ?? ''} onValueChange={field.onChange}>
              <FormField label="Role" htmlFor="invite-role">
                <SelectTrigger className="w-full" onBlur={field.onBlur}>
                  <SelectValue placeholder="Select role" />
                </SelectTrigger>
              </FormField>
              <SelectContent>
                {roles.map((role) => (
                  <SelectItem key={role} value={role}>
                    {roleLabels[role]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </div>
      {message && (
        <p role="alert" className="text-destructive text-sm">
          {message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={invite.isPending}>
          <Send /> {invite.isPending ? 'Sending...' : 'Send Invitation'}
        </Button>
        <Button type="button" variant="outline" disabled={invite.isPending} onClick={submit(false)}>
          <Copy /> Copy invite link
        </Button>
      </div>
    </form>
  );
}
