import { useState } from 'react';
import { Copy, ImageIcon, Send } from 'lucide-react';
import { POST_NEEDS, SELECT_VEHICLE_FIRST } from '@shared/offers/schemas';
import type { OfferImage } from '@shared/offers/types';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useWebhookEndpoints } from '@/features/webhooks';
import { errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/toast';
import { useGenerateImage, useInstagramAccounts, usePostToInstagram } from './api';
import { OfferPicker, type SelectedOffer } from './offer-picker';

type Props = {
  selected: SelectedOffer | null;
  onSelect: (offer: SelectedOffer | null) => void;
  image: OfferImage | null;
  onImage: (image: OfferImage | null) => void;
};

/** Instagram Automation: pick the offer and the account, generate the 1080 × 1080 image and caption, and post. */
export function InstagramTab({ selected, onSelect, image, onImage }: Props) {
  const accounts = useInstagramAccounts();
  const endpoints = useWebhookEndpoints();
  const [accountId, setAccountId] = useState('');
  const generate = useGenerateImage();
  const post = usePostToInstagram();
  const connected = (accounts.data ?? []).filter((a) => a.is_connected);
  const webhookSet = endpoints.data?.find((e) => e.event === 'post_instagram')?.configured ?? false;

  const makeImage = async () => {
    if (!selected) {
      notifyError('Error', SELECT_VEHICLE_FIRST);
      return null;
    }
    try {
      const made = await generate.mutateAsync(selected.ref);
      onImage(made);
      notifySuccess('Image Generated', `${selected.label}: 1080 × 1080 PNG with its caption.`);
      return made;
    } catch (error) {
      notifyError('Failed to generate offer image', errorMessage(error, 'Please try again.'));
      return null;
    }
  };

  const schedule = async () => {
    if (!selected || !accountId || !webhookSet) return notifyError('Error', POST_NEEDS);
    const made = image ?? (await makeImage());
    if (!made) return;
    post.mutate(
      { image_id: made.id, account_id: accountId },
      {
        onSuccess: () =>
          notifySuccess('Instagram Post Scheduled', `${selected.label} goes to your Zap with its image and caption.`),
        onError: (error) => notifyError('Failed to schedule Instagram post', errorMessage(error, 'Please try again.')),
      },
    );
  };

  const copyCaption = async () => {
    if (!image) return;
    try {
      await navigator.clipboard.writeText(image.caption);
      notifySuccess('Copied', 'Caption');
    } catch {
      window.prompt('Copy the caption', image.caption);
    }
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid gap-6">
        <OfferPicker
          selected={selected}
          onSelect={(offer) => {
            onSelect(offer);
            onImage(null);
          }}
        />
        <Card>
          <CardHeader>
            <CardTitle>Post</CardTitle>
            <CardDescription>
              {webhookSet
                ? 'Posts go to your Zap, which publishes them.'
                : 'An admin sets the Instagram post webhook in Settings.'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Select value={accountId} onValueChange={setAccountId}>
              <FormField label="Instagram account" htmlFor="offer-account">
                <SelectTrigger className="w-full">
                  <SelectValue placeholder={connected.length ? 'Choose an account' : 'No connected account'} />
                </SelectTrigger>
              </FormField>
              <SelectContent>
                {connected.map((account) => (
                  <SelectItem key={account.id} value={account.id}>
                    @{account.username} {account.type === 'company' ? '(company)' : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => void makeImage()} disabled={generate.isPending}>
                <ImageIcon /> {generate.isPending ? 'Generating...' : 'Generate Image'}
              </Button>
              <Button onClick={() => void schedule()} disabled={post.isPending || generate.isPending}>
                <Send /> {post.isPending ? 'Scheduling...' : 'Post to Instagram'}
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Preview</CardTitle>
          <CardDescription>1080 × 1080 PNG, as it is posted and mailed</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {image ? (
            <>
              <img
                src={new URL(image.url).pathname}
                alt={`Offer image: ${image.offer.year} ${image.offer.make} ${image.offer.model}`}
                width={1080}
                height={1080}
                className="aspect-square h-auto w-full max-w-xl rounded-md border"
              />
              <FormField label="Caption" htmlFor="offer-caption">
                <Textarea readOnly rows={12} value={image.caption} className="font-mono text-xs" />
              </FormField>
              <Button variant="outline" className="justify-self-start" onClick={() => void copyCaption()}>
                <Copy /> Copy Caption
              </Button>
            </>
          ) : (
            <div className="text-muted-foreground flex aspect-square w-full max-w-xl flex-col items-center justify-center gap-2 rounded-md border border-dashed text-sm">
              <ImageIcon className="size-8" aria-hidden />
              {generate.isPending ? 'Generating the image...' : 'Select an offer and generate its image.'}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
