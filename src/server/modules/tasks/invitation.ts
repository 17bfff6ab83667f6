import type { EventAttributes } from 'ics';
import type { MailMessage } from '../../mail/mailer.js';
import { importCommonJs, onFirstUse } from '../../first-use.js';

/** The iCalendar writer, loaded on the first invitation or feed rather than at every start. */
export const loadIcs = onFirstUse(() => importCommonJs(() => import('ics')));

/** An appointment as its customer is told of it. */
export type AppointmentInvite = {
  /** The task's id: the event's UID, the same in every message about it. */
  id: string;
  start: Date;
  minutes: number;
  place: string | null;
  vehicle: string | null;
  /** RFC 5545's SEQUENCE: 0 for the first invitation, raised with each change or cancellation. */
  sequence: number;
  customer: { name: string; email: string };
  agent: { name: string };
  /**
   * RFC 5545's ORGANIZER, the address the customer's calendar replies to: a mailbox Torque reads (`mailboxId`, and the
   * attendee is asked to answer, RSVP=TRUE), else the address the mail leaves from, and no answer is asked.
   */
  organizer: { name: string; email: string; mailboxId: string | null };
  company: { name: string; address: string | null; phone: string | null; timeZone: string };
};

export type InviteMethod = 'REQUEST' | 'CANCEL';

/** The UID of an appointment's event: globally unique, and the same for its invitation, changes and cancellation. */
export const appointmentUid = (id: string) => `${id}@appointments.torque`;

/** "Friday, November 27, 2026 at 3:00 PM CST": the start as the company's clock shows it. */
export const localStart = (start: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(start);

const summaryOf = (invite: AppointmentInvite) =>
  invite.vehicle ? `${invite.company.name}: ${invite.vehicle}` : `Appointment at ${invite.company.name}`;

/** The place the customer is told: the appointment's, else the company's address. */
const placeOf = (invite: AppointmentInvite) => invite.place ?? invite.company.address ?? undefined;

/**
 * The appointment as an iCalendar object (RFC 5545) with the iTIP method (RFC 5546): a REQUEST to book or change it,
 * a CANCEL to call it off; the start in UTC, so every calendar shows it at its moment in its own zone. The staff's
 * title and notes stay out: the customer sees the company, the vehicle, the place and the salesperson.
 */
export async function appointmentCalendar(invite: AppointmentInvite, method: InviteMethod): Promise<string> {
  const event: EventAttributes = {
    uid: appointmentUid(invite.id),
    sequence: invite.sequence,
    start: invite.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    duration: { minutes: invite.minutes },
    title: summaryOf(invite),
    description: [
      invite.vehicle && `Vehicle: ${invite.vehicle}`,
      `With ${invite.agent.name}`,
      invite.company.phone && `Phone: ${invite.company.phone}`,
    ]
      .filter(Boolean)
      .join('\n'),
    location: placeOf(invite),
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    organizer: { name: invite.organizer.name, email: invite.organizer.email },
    attendees: [
      {
        name: invite.customer.name,
        email: invite.customer.email,
        // An answer is asked only when it reaches a mailbox Torque reads (RFC 5545 §3.2.17).
        rsvp: invite.organizer.mailboxId !== null,
        partstat: 'NEEDS-ACTION',
        role: 'REQ-PARTICIPANT',
      },
    ],
  };
  const { createEvents } = await loadIcs();
  const { error, value } = createEvents([event], { method, productId: '-//Torque//Appointments//EN' });
  if (error || !value) throw error ?? new Error('The appointment could not be written as iCalendar');
  return value;
}

/**
 * The mail that carries it: what changed in words, and the calendar part that mail programs add to the calendar. It
 * leaves through the organizer's mailbox when there is one, so its From is the ORGANIZER the calendar answers.
 */
export async function appointmentMail(invite: AppointmentInvite, method: InviteMethod, first: boolean): Promise<MailMessage> {
  const when = localStart(invite.start, invite.company.timeZone);
  const place = placeOf(invite);
  const details = [
    `When: ${when} (${invite.minutes} minutes)`,
    place && `Where: ${place}`,
    invite.vehicle && `Vehicle: ${invite.vehicle}`,
    `With: ${invite.agent.name}`,
  ].filter(Boolean);
  const footer = ['--', invite.company.name, invite.company.address, invite.company.phone].filter(Boolean).join('\n');
  const [subject, opening] =
    method === 'CANCEL'
      ? [`Cancelled: your appointment at ${invite.company.name}`, 'Your appointment has been cancelled:']
      : first
        ? [`Your appointment at ${invite.company.name}: ${when}`, 'Your appointment is booked:']
        : [`Changed: your appointment at ${invite.company.name}: ${when}`, 'Your appointment has changed:'];
  return {
    to: invite.customer.email,
    subject,
    text: [`Dear ${invite.customer.name},`, '', opening, '', ...details, '', footer].join('\n'),
    calendar: { method, content: await appointmentCalendar(invite, method) },
    ...(invite.organizer.mailboxId ? { mailboxId: invite.organizer.mailboxId } : {}),
    appointment: { id: invite.id, startsAt: invite.start },
  };
}
