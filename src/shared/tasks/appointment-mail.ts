import { z } from 'zod';

/**
 * Why an appointment's customer is, or is not, sent its e-mail: `sent`, `invitation_off` (the booking turned it off),
 * `no_address` (no e-mail address, or one a calendar cannot take).
 */
export type AppointmentMailVerdict = 'sent' | 'invitation_off' | 'no_address';

/** An address a calendar invitation can be sent to: one mailbox, as `ics` and mail programs read it. */
export const invitableAddress = (address: string | null | undefined): address is string =>
  typeof address === 'string' && z.email().safeParse(address).success;

/**
 * The one rule for an appointment's e-mail to its customer — the invitation, its changes and its cancellation, and the
 * e-mail reminder before it. They are the booking the customer asked for: a transactional message, which confirms a
 * transaction the recipient agreed to (CAN-SPAM, 15 U.S.C. §7702(2)(B) and (17)(A)(i); under the GDPR, what the
 * agreement needs, Art. 6(1)(b)), so they need no marketing consent and a marketing opt-out does not stop them. They go
 * while the appointment's invitation is on and the customer has an address (a cancellation also goes once the
 * invitation is turned off: `calendarStep` decides which of the invitation's messages a change calls for, and asks this
 * rule as for an invitation that is on). Texts are not this rule: a reminder by
 * text needs the customer's SMS consent and waits out their quiet hours.
 */
export function appointmentMailVerdict(
  appointment: { invite_customer: boolean },
  email: string | null | undefined,
): AppointmentMailVerdict {
  if (!appointment.invite_customer) return 'invitation_off';
  return invitableAddress(email) ? 'sent' : 'no_address';
}

/** The answers a customer's calendar gives to an invitation (RFC 5545 §3.2.12's PARTSTAT of a VEVENT, as Torque keeps it). */
export const customerAnswers = ['accepted', 'declined', 'tentative'] as const;
export type CustomerAnswer = (typeof customerAnswers)[number];
export const customerAnswerLabels: Record<CustomerAnswer, string> = {
  accepted: 'Accepted',
  declined: 'Declined',
  tentative: 'Tentative',
};
