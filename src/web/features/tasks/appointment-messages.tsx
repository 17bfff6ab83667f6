import { appointmentMailVerdict } from '@shared/tasks/appointment-mail';
import { useConsent } from '@/features/consent/api';
import { useCustomer } from '@/features/customers/api';
import { formatDate } from '@/lib/format';

/**
 * What the customer of an appointment being booked will be sent, by the rule the server sends it by
 * (`appointmentMailVerdict`): the invitation and the e-mail reminder as the booking's own mail, without marketing
 * consent; the reminder by text only with their SMS consent.
 */
export function AppointmentMessages({ customerId, invite }: { customerId: string; invite: boolean }) {
  const customer = useCustomer(customerId);
  const consent = useConsent(customerId);
  if (!customer.data || !consent.data) return null;
  const name = customer.data.name.split(/\s+/)[0] || customer.data.name;
  const { email, sms } = consent.data.current;
  const verdict = appointmentMailVerdict({ invite_customer: invite }, customer.data.email);
  const byMail =
    verdict === 'sent'
      ? `yes, to ${customer.data.email} — the booking's own mail, sent without marketing consent${
          email?.status === 'opted_out'
            ? ` (${name} opted out of marketing e-mail on ${formatDate(email.recorded_at)})`
            : email?.status === 'opted_in'
              ? ` (${name} agreed to e-mail on ${formatDate(email.recorded_at)})`
              : ''
        }`
      : verdict === 'invitation_off'
        ? 'not sent — the invitation is off'
        : `not sent — ${name} has no e-mail address a calendar can take`;
  const byText = !customer.data.phone
    ? `not sent — ${name} has no phone number`
    : sms?.status === 'opted_in'
      ? `yes — ${name} agreed to texts on ${formatDate(sms.recorded_at)}; not before 8 am where they are`
      : 'not sent — no SMS consent';
  return (
    <ul className="text-muted-foreground grid gap-0.5 text-xs" aria-label="What the customer is sent" aria-live="polite">
      <li>Invitation and reminder by e-mail: {byMail}</li>
      <li>Reminder by text: {byText}</li>
    </ul>
  );
}
