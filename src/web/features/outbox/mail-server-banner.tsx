import { Link } from 'react-router';
import { MailWarning } from 'lucide-react';
import { useCurrentSession } from '@/features/auth/api';
import { useMailStatus } from './api';
import { can } from '@shared/users/permissions';

/**
 * Tells an admin that e-mail is not leaving Torque (no SMTP_URL) and how to change that; nothing when mail can leave,
 * and nothing for anyone else.
 */
export function MailServerBanner() {
  const { user } = useCurrentSession();
  const status = useMailStatus(can(user, 'readOutbox'));
  if (!status.data || status.data.mail_server) return null;
  const held = status.data.held_mail;
  return (
    <div role="note" className="border-warning bg-warning/10 flex items-start gap-2 rounded-lg border p-4 text-sm">
      <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <strong>E-mail is not being sent: no mail server is set up.</strong> Mail waits in the outbox
        {held > 0 ? ` (${held.toLocaleString('en-US')} held)` : ''}, where admins can read it in{' '}
        <Link className="text-primary underline-offset-4 hover:underline" to="/settings">
          Settings → Mail Outbox
        </Link>
        . Set <code>SMTP_URL</code> and <code>MAIL_FROM</code> where Torque runs (the README&apos;s Configuration) and restart it
        to send mail from then on; the held mail is then sent or discarded there, under Held Mail.
      </p>
    </div>
  );
}
