import type { Transaction } from 'kysely';
import { customerAnswers, type CustomerAnswer } from '../../../shared/tasks/appointment-mail.js';
import type { DB } from '../../db/schema.js';
import { recordAudit } from '../../platform/audit.js';
import { tasksChanged } from './service.js';

/*
 * The customer's answer to an appointment's invitation: their calendar's iTIP REPLY (RFC 5546 §3.2.3), read from the
 * mail that reaches the mailbox the invitation named as its ORGANIZER.
 */

/** What Torque reads of an iTIP REPLY: the event's UID and SEQUENCE, and the one attendee's address and PARTSTAT. */
export type ItipReply = { uid: string; sequence: number; attendee: string; partstat: string };

/** A content line (RFC 5545 §3.1): its name, its parameters (names upper-cased, values unquoted) and its value. */
type ContentLine = { name: string; params: Map<string, string>; value: string };

/** Reads one unfolded content line; null when it is not one. A quoted parameter value may hold ';', ':' and ','. */
function contentLine(line: string): ContentLine | null {
  const name = /^[A-Za-z0-9-]+/.exec(line)?.[0];
  if (!name) return null;
  const params = new Map<string, string>();
  let at = name.length;
  while (line[at] === ';') {
    const param = /^;([A-Za-z0-9-]+)=/.exec(line.slice(at));
    if (!param) return null;
    at += param[0].length;
    const values: string[] = [];
    for (;;) {
      if (line[at] === '"') {
        const end = line.indexOf('"', at + 1);
        if (end < 0) return null;
        values.push(line.slice(at + 1, end));
        at = end + 1;
      } else {
        const value = /^[^";:,]*/.exec(line.slice(at))![0];
        values.push(value);
        at += value.length;
      }
      if (line[at] !== ',') break;
      at += 1;
    }
    params.set(param[1]!.toUpperCase(), values.join(','));
  }
  if (line[at] !== ':') return null;
  return { name: name.toUpperCase(), params, value: line.slice(at + 1) };
}

/**
 * Reads an iTIP REPLY tolerantly, only the properties an answer needs: the lines unfolded (RFC 5545 §3.1: a line break
 * followed by one space or tab continues the line), METHOD:REPLY on the calendar, one VEVENT with its UID and SEQUENCE
 * (0 when left out, RFC 5545 §3.8.7.4) and exactly one ATTENDEE (RFC 5546 §3.2.3) with its PARTSTAT (RFC 5545
 * §3.2.12). Null for anything else: another method, no event or several, no attendee or several, a SEQUENCE that is
 * no number, a broken line.
 */
export function readReply(text: string): ItipReply | null {
  const lines = text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const path: string[] = [];
  let method: string | null = null;
  let events = 0;
  let uid: string | null = null;
  let sequence: string | null = null;
  const attendees: ContentLine[] = [];
  for (const raw of lines) {
    const line = contentLine(raw);
    if (!line) return null;
    const value = line.value.trim();
    if (line.name === 'BEGIN') {
      path.push(value.toUpperCase());
      if (path.join('/') === 'VCALENDAR/VEVENT') events += 1;
      continue;
    }
    if (line.name === 'END') {
      if (path.pop() !== value.toUpperCase()) return null;
      continue;
    }
    const where = path.join('/');
    if (where === 'VCALENDAR' && line.name === 'METHOD') method = value.toUpperCase();
    if (where !== 'VCALENDAR/VEVENT') continue;
    if (line.name === 'UID') uid = value;
    else if (line.name === 'SEQUENCE') sequence = value;
    else if (line.name === 'ATTENDEE') attendees.push(line);
  }
  if (path.length > 0 || method !== 'REPLY' || events !== 1 || !uid || attendees.length !== 1) return null;
  if (sequence !== null && !/^\d{1,9}$/.test(sequence)) return null;
  const [attendee] = attendees;
  const address = /^mailto:(.+)$/i.exec(attendee!.value.trim())?.[1]?.trim();
  if (!address) return null;
  return {
    uid,
    sequence: sequence === null ? 0 : Number(sequence),
    attendee: address.toLowerCase(),
    partstat: (attendee!.params.get('PARTSTAT') ?? 'NEEDS-ACTION').toUpperCase(),
  };
}

/** The answers Torque keeps, by RFC 5545 §3.2.12's PARTSTAT of a VEVENT; NEEDS-ACTION and DELEGATED are not one. */
const answerOf = (partstat: string): CustomerAnswer | null =>
  customerAnswers.find((answer) => answer.toUpperCase() === partstat) ?? null;

const APPOINTMENT_UID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@appointments\.torque$/i;

/** A mail read from a mailbox, as far as an answer to an invitation is concerned. */
export type ReplyMail = { mailboxId: string; from: string; calendars: string[] };

/**
 * Sets the customer's answer on the appointment from an iTIP REPLY in a mail read from a mailbox, in the transaction
 * that files the mail: the REPLY must name an appointment's UID whose invitation is still sent, arrive in the mailbox
 * that invitation named as ORGANIZER, come from the attendee invited (the ATTENDEE and the mail's sender are both the
 * customer's address), answer a SEQUENCE not older than the last one sent (RFC 5545 §3.8.7.4), and give ACCEPTED,
 * DECLINED or TENTATIVE. Anything else changes nothing. The answer is written on the customer's timeline
 * (`appointment_answer`) and the tabs showing the task are told. Returns the appointments answered.
 */
export async function answerInvitation(tx: Transaction<DB>, mail: ReplyMail): Promise<string[]> {
  const answered: string[] = [];
  for (const calendar of mail.calendars) {
    const reply = readReply(calendar);
    const id = reply && APPOINTMENT_UID.exec(reply.uid)?.[1];
    const answer = reply && answerOf(reply.partstat);
    if (!reply || !id || !answer) continue;
    const task = await tx
      .selectFrom('tasks as t')
      .innerJoin('customers as c', 'c.id', 't.customer_id')
      .select([
        't.id',
        't.title',
        't.customer_id',
        't.assignee_id',
        't.invite_sequence',
        't.customer_answer',
        'c.email',
        'c.user_id',
      ])
      .where('t.id', '=', id.toLowerCase())
      .where('t.type', '=', 'appointment')
      .where('t.invitation', '=', 'sent')
      .where('t.invite_mailbox_id', '=', mail.mailboxId)
      .executeTakeFirst();
    const invited = task?.email?.trim().toLowerCase();
    if (!task || !invited || reply.attendee !== invited || mail.from.trim().toLowerCase() !== invited) continue;
    if (reply.sequence < task.invite_sequence) continue;
    await tx
      .updateTable('tasks')
      .set({ customer_answer: answer, customer_answered_at: new Date() })
      .where('id', '=', task.id)
      .execute();
    await recordAudit(tx, null, {
      entityType: 'customer',
      entityId: task.customer_id,
      action: 'appointment_answer',
      changes: { task: task.id, title: task.title, answer, previous: task.customer_answer, sequence: reply.sequence },
    });
    await tasksChanged(tx, task.assignee_id, task.user_id);
    answered.push(task.id);
  }
  return answered;
}
