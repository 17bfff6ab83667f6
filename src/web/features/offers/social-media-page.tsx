import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { OfferImage } from '@shared/offers/types';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountsTab } from './accounts-tab';
import { InstagramTab } from './instagram-tab';
import { NotificationsTab } from './notifications-tab';
import type { SelectedOffer } from './offer-picker';

const tabs = ['instagram', 'notifications', 'accounts'] as const;
type Tab = (typeof tabs)[number];

/** Social Media (/social-media): Instagram Automation, Customer Notifications and Account Management; `?tab=` names the tab. */
export function SocialMediaPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t === params.get('tab')) ?? 'instagram';
  // The offer and its image are shared by the tabs: generate on one, send on the other.
  const [selected, setSelected] = useState<SelectedOffer | null>(null);
  const [image, setImage] = useState<OfferImage | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Social Media" description="Offers for Instagram, e-mail and SMS" />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'instagram' ? {} : { tab: value })} className="gap-6">
        <TabsList>
          <TabsTrigger value="instagram">Instagram Automation</TabsTrigger>
          <TabsTrigger value="notifications">Customer Notifications</TabsTrigger>
          <TabsTrigger value="accounts">Account Management</TabsTrigger>
        </TabsList>
        <TabsContent value="instagram">
          <InstagramTab selected={selected} onSelect={setSelected} image={image} onImage={setImage} />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab selected={selected} image={image} />
        </TabsContent>
        <TabsContent value="accounts">
          <AccountsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
