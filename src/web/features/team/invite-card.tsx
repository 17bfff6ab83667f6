import { Section } from '@/features/settings';
import { InviteForm } from './invite-form';

/** Settings → Invite Users. */
export function InviteCard() {
  return (
    <Section title="Invite Users" description="A single-use link, valid for 7 days, by e-mail">
      <InviteForm variant="settings" />
    </Section>
  );
}
