import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type ProfileInput } from '@shared/users/schemas';
import { roleLabels } from '@shared/users/roles';
import { usersApi } from '@shared/users/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/page-header';
import { sessionKey, useCurrentSession } from '@/features/auth/api';
import { MorningEmailCard } from '@/features/tasks';
import { errorMessage } from '@/lib/api-client';
import { call } from '@/lib/contract';
import { notifyError, notifySuccess } from '@/lib/toast';
import { TwoFactorCard } from './two-factor-card';

export function ProfilePage() {
  const { user } = useCurrentSession();
  const queryClient = useQueryClient();
  const form = useForm<ProfileInput>({ resolver: zodResolver(profileSchema), values: { name: user.name } });
  const save = useMutation({
    mutationFn: (input: ProfileInput) => call(usersApi.updateProfile, { body: input }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: sessionKey });
      notifySuccess('Profile updated');
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to update profile. Please try again.')),
  });

  return (
    <div className="grid gap-6">
      <PageHeader title="Profile" description="Your name as colleagues and customers see it" />
      <Card className="max-w-xl">
        <CardHeader>
          <CardTitle>{user.email}</CardTitle>
          <CardDescription>{roleLabels[user.role]}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
            <FormField label="Full Name" htmlFor="name" error={form.formState.errors.name?.message}>
              <Input autoComplete="name" {...form.register('name')} />
            </FormField>
            <div>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <MorningEmailCard />
      <TwoFactorCard />
    </div>
  );
}
