import { useState } from 'react';
import { useForm, Controller } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Copy, Send } from 'lucide-react';
import { z } from 'zod';
import { inviteSchema, settingsInviteSchema } from '@shared/team/schemas';
import { invitableRoles } from '@shared/team/rules';
import type { CreatedInvitation } from '@shared/team/types';
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
  // A mailed invitation that no mail server will deliver: its link is the way to reach the person.
  const [held, setHeld] = useState<CreatedInvitation | null>(null);

  const submit = (send: boolean) =>
    form.handleSubmit((values) =>
      invite.mutate(
        { ...values, send },
        {
          onSuccess: async (created) => {
            form.reset({ email: '', role: form.getValues('role') });
            setHeld(created.held ? created : null);
            if (created.held) return;
            if (send) return notifySuccess('Invitation Sent', `${created.email} will receive a link valid for 7 days.`);
            await copyLink(created);
          },
          onError: (error) => {
            showServerErrors(form.setError, error);
            notifyError('Failed to send invitation', errorMessage(error, 'Please try again.'));
          },
        },
      ),
    );

  const copyLink = async (created: CreatedInvitation) => {
    try {
      await navigator.clipboard.writeText(created.link);
      notifySuccess('Link Copied', `The link for ${created.email} works once, for 7 days.`);
    } catch {
      window.prompt('Copy this invite link', created.link);
    }
  };

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
      {held && (
        <div role="status" className="border-warning bg-warning/10 grid gap-2 rounded-lg border p-3 text-sm">
          <p>
            <strong>The invitation to {held.email} was not sent:</strong> no mail server is set up, so the mail waits in the
            outbox. Send them this link yourself; it works once, for 7 days.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <Input
              readOnly
              value={held.link}
              aria-label={`Invite link for ${held.email}`}
              className="min-w-0 flex-1 font-mono text-xs"
            />
            <Button type="button" variant="outline" size="sm" onClick={() => copyLink(held)}>
              <Copy /> Copy link
            </Button>
          </div>
        </div>
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
