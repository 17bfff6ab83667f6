import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useDigest, useSetDigest } from './api';

/** The morning e-mail of the user's day, on or off (their profile page). */
export function MorningEmailCard() {
  const digest = useDigest();
  const set = useSetDigest();
  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Morning e-mail</CardTitle>
        <CardDescription>Your overdue and today’s tasks and appointments, at 7:30 the company’s time.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start gap-3">
          <Switch
            id="morning-email"
            className="mt-0.5"
            checked={digest.data?.enabled ?? false}
            disabled={digest.isPending || set.isPending}
            onCheckedChange={(enabled) =>
              set.mutate(enabled, {
                onSuccess: () =>
                  notifySuccess(
                    enabled ? 'Morning e-mail on' : 'Morning e-mail off',
                    enabled ? 'It comes at 7:30 the company’s time.' : 'No more morning e-mails.',
                  ),
                onError: (error) => notifyError('Error', errorMessage(error, 'Failed to save. Please try again.')),
              })
            }
            aria-describedby="morning-email-hint"
          />
          <div className="grid gap-1">
            <Label htmlFor="morning-email">E-mail me my day every morning</Label>
            <p id="morning-email-hint" className="text-muted-foreground text-sm">
              Nothing is sent on a day with nothing due.
            </p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
