import { useState } from 'react';
import { CalendarSync, Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useCalendarFeed, useMakeCalendarFeed, useRemoveCalendarFeed } from './api';

/**
 * 'Subscribe': the user's private calendar address for Google, Outlook or Apple Calendar. It is shown once, when made
 * (only its hash is kept); making a new one stops the old one, and turning it off stops it.
 */
export function CalendarFeedButton() {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | null>(null);
  const feed = useCalendarFeed();
  const make = useMakeCalendarFeed();
  const remove = useRemoveCalendarFeed();
  const exists = Boolean(feed.data?.created_at);

  const makeAddress = () =>
    make.mutate(undefined, {
      onSuccess: (made) => setUrl(made.url),
      onError: (error) => notifyError('Error', errorMessage(error, 'Failed to make the address. Please try again.')),
    });

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <CalendarSync /> Subscribe
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setUrl(null);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Subscribe in your calendar</DialogTitle>
            <DialogDescription>
              A private address for Google Calendar, Outlook or Apple Calendar (“subscribe from URL”): your tasks and appointments
              from a month back to a year ahead, kept up to date. Anyone with the address can read them.
            </DialogDescription>
          </DialogHeader>
          {url ? (
            <div className="grid gap-2">
              <Label htmlFor="calendar-feed-url">Your calendar address</Label>
              <div className="flex gap-2">
                <Input id="calendar-feed-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
                <Button
                  variant="outline"
                  onClick={() =>
                    navigator.clipboard.writeText(url).then(
                      () => notifySuccess('Address copied', 'Paste it in your calendar.'),
                      () => notifyError('Error', 'Could not copy. Select the address and copy it.'),
                    )
                  }
                >
                  <Copy /> Copy
                </Button>
              </div>
              <p className="text-muted-foreground text-sm">It is shown only now. Copy it into your calendar.</p>
            </div>
          ) : (
            <p className="text-sm">
              {feed.isPending
                ? 'Loading...'
                : exists
                  ? `Your address was made ${formatDateTime(feed.data!.created_at!)}. It is shown only when made: make a new one to copy it again (the old one stops working).`
                  : 'You have no calendar address yet.'}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {exists && !url && (
              <Button
                variant="outline"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => notifySuccess('Calendar address turned off', 'Calendars subscribed to it stop updating.'),
                    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to turn it off. Please try again.')),
                  })
                }
              >
                Turn off
              </Button>
            )}
            {!url && (
              <Button onClick={makeAddress} disabled={make.isPending || feed.isPending}>
                {make.isPending ? 'Making...' : exists ? 'Make a new address' : 'Make my address'}
              </Button>
            )}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
