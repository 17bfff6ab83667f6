import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { InboxTab } from '@/features/conversations';
import { DealDocumentsTab } from '@/features/documents';
import { MailServerBanner } from '@/features/outbox';
import { GmailSyncTab } from '@/features/webhooks';
import { ComposeForm } from './compose-form';
import { Mailbox } from './mailbox';

const tabs = ['email', 'waiting', 'documents', 'gmail'] as const;
type Tab = (typeof tabs)[number];

/**
 * Communications (/communications): Email Management (inbox, sent mail and compose), the conversations waiting for an
 * answer, Documents and Gmail Integration. `?tab=` names the tab.
 */
export function CommunicationsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = tabs.find((t) => t === params.get('tab')) ?? 'email';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Communications" description="E-mail with your customers, and the documents of your deals" />
      <MailServerBanner />
      <Tabs value={tab} onValueChange={(value) => setParams(value === 'email' ? {} : { tab: value })} className="gap-6">
        <TabsList>
          <TabsTrigger value="email">Email Management</TabsTrigger>
          <TabsTrigger value="waiting">Waiting</TabsTrigger>
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="gmail">Gmail Integration</TabsTrigger>
        </TabsList>
        <TabsContent value="email">
          <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <Mailbox />
            <ComposeForm />
          </div>
        </TabsContent>
        <TabsContent value="waiting">
          <InboxTab />
        </TabsContent>
        <TabsContent value="documents">
          <DealDocumentsTab />
        </TabsContent>
        <TabsContent value="gmail">
          <GmailSyncTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
