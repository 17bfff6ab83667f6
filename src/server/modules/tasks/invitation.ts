import type { MailMessage } from '../../mail/mailer.js';
import { minutesDuration, text, utcDateTime, writeCalendar, type ContentLine } from './icalendar.js';

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
 * title and notes stay out: the customer sees the company, the vehicle, the place and the salesperson. Every name,
 * place and title is written by `icalendar.ts`'s rules, so none can add a line or an event of its own.
 */
function appointmentCalendar(invite: AppointmentInvite, method: InviteMethod, now = new Date()): string {
  const place = placeOf(invite);
  const event: (ContentLine | false | undefined)[] = [
    { name: 'UID', value: appointmentUid(invite.id) },
    text('SUMMARY', summaryOf(invite)),
    { name: 'DTSTAMP', value: utcDateTime(now) },
    { name: 'DTSTART', value: utcDateTime(invite.start) },
    { name: 'DURATION', value: minutesDuration(invite.minutes) },
    { name: 'SEQUENCE', value: String(invite.sequence) },
    text(
      'DESCRIPTION',
      [
        invite.vehicle && `Vehicle: ${invite.vehicle}`,
        `With ${invite.agent.name}`,
        invite.company.phone && `Phone: ${invite.company.phone}`,
      ]
        .filter(Boolean)
        .join('\n'),
    ),
    place !== undefined && text('LOCATION', place),
    { name: 'STATUS', value: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED' },
    { name: 'ORGANIZER', params: [['CN', invite.organizer.name]], value: `mailto:${invite.organizer.email}` },
    {
      name: 'ATTENDEE',
      params: [
        // An answer is asked only when it reaches a mailbox Torque reads (RFC 5545 §3.2.17).
        ['RSVP', invite.organizer.mailboxId !== null ? 'TRUE' : 'FALSE'],
        ['PARTSTAT', 'NEEDS-ACTION'],
        ['ROLE', 'REQ-PARTICIPANT'],
        ['CN', invite.customer.name],
      ],
      value: `mailto:${invite.customer.email}`,
    },
  ];
  return writeCalendar(
    [
      { name: 'PRODID', value: '-//Torque//Appointments//EN' },
      { name: 'METHOD', value: method },
    ],
    [event.filter((line): line is ContentLine => Boolean(line))],
  );
}

/**
 * The mail that carries it: what changed in words, and the calendar part that mail programs add to the calendar. It
 * leaves through the organizer's mailbox when there is one, so its From is the ORGANIZER the calendar answers.
 */
export function appointmentMail(invite: AppointmentInvite, method: InviteMethod, first: boolean): MailMessage {
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
    calendar: { method, content: appointmentCalendar(invite, method) },
    ...(invite.organizer.mailboxId ? { mailboxId: invite.organizer.mailboxId } : {}),
    appointment: { id: invite.id, startsAt: invite.start },
  };
}
