import { PageHeader } from '@/components/page-header';
import { ComposeForm } from './compose-form';
import { Mailbox } from './mailbox';

/** Communications (/communications): Email Management — the inbox and sent mail beside the compose form. */
export function CommunicationsPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Communications" description="E-mail with your customers" />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Mailbox />
        <ComposeForm />
      </div>
    </div>
  );
}
