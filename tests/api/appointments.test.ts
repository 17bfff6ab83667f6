import { sql } from 'kysely';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/connection.js';
import { sendDigests } from '../../src/server/modules/tasks/digest.js';
import { sendReminders } from '../../src/server/modules/tasks/reminders.js';
import { addDays, atLocalTime, dayIn } from '../../src/shared/common/time.js';
import type { Settings } from '../../src/shared/settings/schemas.js';
import {
  APPOINTMENT_IN_THE_PAST,
  APPOINTMENT_TIME_REQUIRED,
  DURATION_REQUIRED,
  OUTCOME_REQUIRED,
} from '../../src/shared/tasks/schemas.js';
import type { Task } from '../../src/shared/tasks/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { withDatabase } from '../helpers/databases.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.js';

/**
 * Appointments: the customer's invitation by mail with an iCalendar request (one UID, SEQUENCE raised with each change,
 * CANCEL when called off) parsed by a real iCalendar parser, the reminders before it (the customer's with consent, the
 * assignee's as a notification), sent once however many processes run them, and the show rate on Analytics.
 */

const ZONE = 'America/Los_Angeles';

let t: TestContext;
let smtp: SmtpPeer;
let admin: TestUser;
let agent: TestUser;
let otherAgent: TestUser;

async function configure(change: (settings: Settings) => Settings) {
  const current = (await t.call({ method: 'GET', url: '/api/settings', as: admin })).json() as Settings;
  const saved = await t.call({ method: 'PUT', url: '/api/settings', as: admin, payload: change(current) });
  expect(saved.statusCode, saved.body).toBe(200);
}

async function addCustomer(name: string, fields: Record<string, unknown> = {}, consent: ('email' | 'sms')[] = []) {
  const created = await t.call({ method: 'POST', url: '/api/customers', as: agent, payload: { name, ...fields } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  for (const channel of consent) {
    const recorded = await t.call({
      method: 'POST',
      url: `/api/customers/${id}/consent`,
      as: agent,
      payload: { channel, status: 'opted_in', source: 'in_person', wording: 'Remind me of my appointments.' },
    });
    expect(recorded.statusCode, recorded.body).toBe(201);
  }
  return id;
}

const appointment = (customerId: string, fields: Record<string, unknown> = {}) => ({
  type: 'appointment',
  title: 'Test drive of the Camry',
  customer_id: customerId,
  due_date: '2027-03-15',
  due_time: '10:00',
  duration_minutes: 45,
  place: 'Lot B, 100 Main St',
  ...fields,
});

async function book(customerId: string, fields: Record<string, unknown> = {}, as = agent) {
  const response = await t.call({ method: 'POST', url: '/api/tasks', as, payload: appointment(customerId, fields) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Task;
}

async function edit(task: Task, fields: Record<string, unknown>) {
  const response = await t.call({
    method: 'PUT',
    url: `/api/tasks/${task.id}`,
    as: agent,
    payload: { ...appointment(task.customer_id), ...fields, customer_id: undefined, updated_at: task.updated_at },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Task;
}

/** The one VEVENT of a mail's calendar part, with the calendar's METHOD. */
function eventOf(mail: ReceivedMail) {
  expect(mail.calendars).toHaveLength(1);
  const [calendar] = mail.calendars;
  const parsed = ical.sync.parseICS(calendar!.content);
  const events = Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  const method = /^METHOD:(\w+)\r?$/m.exec(calendar!.content)?.[1];
  expect(method).toBe(calendar!.method);
  return { event: events[0]!, method };
}

let read = 0;
/** The next mail the peer receives, in the order they arrive (waiting for it when it has not yet). */
async function nextMail() {
  const received = await smtp.waitFor(read + 1);
  return received[read++]!;
}

const outboxCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestContext({ SMTP_URL: smtp.url }, { jobs: { pollingIntervalSeconds: 0.5 } });
  admin = await t.createUser('admin', 'Ada Admin');
  agent = await t.createUser('agent', 'Sam Seller');
  otherAgent = await t.createUser('agent', 'Olive Other');
  await configure((s) => ({ ...s, company: { ...s.company, name: 'Pacific Motors', time_zone: ZONE } }));
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the invitation', () => {
  it('reaches the customer as one VEVENT starting at the right moment in UTC, across both changes of the clock', async () => {
    const customer = await addCustomer('Ivy Invitee', { email: 'ivy@buyer.example' });
    // 14 March 2027 is the spring change in Los Angeles (UTC−7 after it), 7 November 2027 the fall one (UTC−8 after).
    for (const [day, time, utc] of [
      ['2027-03-15', '10:00', '2027-03-15T17:00:00.000Z'],
      ['2027-03-13', '10:00', '2027-03-13T18:00:00.000Z'],
      ['2027-11-08', '09:30', '2027-11-08T17:30:00.000Z'],
      ['2027-11-06', '23:30', '2027-11-07T06:30:00.000Z'],
    ] as const) {
      const task = await book(customer, { due_date: day, due_time: time });
      const mail = await nextMail();
      expect(mail.to).toEqual(['ivy@buyer.example']);
      expect(mail.subject).toContain('Your appointment at Pacific Motors');
      const { event, method } = eventOf(mail);
      expect(method).toBe('REQUEST');
      expect(event.uid).toBe(`${task.id}@appointments.torque`);
      expect(event.sequence).toBe(0);
      expect(event.start.toISOString()).toBe(utc);
      expect(event.end!.getTime() - event.start.getTime()).toBe(45 * 60_000);
      expect(event.location).toBe('Lot B, 100 Main St');
      // The staff's title stays inside; the customer is invited as an attendee. Torque reads no mailbox here: the
      // organizer is the address the mail came from (appointment-answers.test.ts has the mailboxes' cases).
      expect(event.summary).not.toContain('Camry');
      expect(JSON.stringify(event.attendee)).toContain('ivy@buyer.example');
      expect(JSON.stringify(event.organizer)).toContain(mail.from);
      expect(JSON.stringify(event.organizer)).not.toContain(agent.email);
      expect(task).toMatchObject({ invitation: 'sent', invite_sequence: 0, invite_customer: true, duration_minutes: 45 });
    }
  });

  it('sends a change with the same UID and a higher SEQUENCE, nothing for a change the customer does not see, and CANCEL', async () => {
    const customer = await addCustomer('Carl Changes', { email: 'carl@buyer.example' });
    const booked = await book(customer);
    const first = eventOf(await nextMail()).event;

    const renamed = await edit(booked, { title: 'Bring the trade-in papers', notes: 'Ask about financing' });
    const moved = await edit(renamed, { due_time: '11:15', title: 'Bring the trade-in papers' });
    const change = await nextMail();
    expect(change.subject).toMatch(/^Changed: /);
    const changed = eventOf(change);
    expect(changed.method).toBe('REQUEST');
    expect(changed.event.uid).toBe(first.uid);
    expect(changed.event.sequence).toBe(1);
    expect(changed.event.start.toISOString()).toBe('2027-03-15T18:15:00.000Z');
    // The renaming alone sent nothing: the change is the next mail.
    expect(smtp.received.filter((mail) => mail.to.includes('carl@buyer.example'))).toHaveLength(2);

    const called = await t.call({
      method: 'POST',
      url: `/api/tasks/${moved.id}/complete`,
      as: agent,
      payload: { outcome: 'cancelled', outcome_note: 'Customer called' },
    });
    expect(called.statusCode, called.body).toBe(200);
    const cancel = eventOf(await nextMail());
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.event.uid).toBe(first.uid);
    expect(cancel.event.sequence).toBe(2);
    expect(cancel.event.status).toBe('CANCELLED');

    const reopened = await t.call({ method: 'POST', url: `/api/tasks/${moved.id}/reopen`, as: agent });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const again = eventOf(await nextMail());
    expect([again.method, again.event.sequence]).toEqual(['REQUEST', 3]);

    const removed = await t.call({ method: 'DELETE', url: `/api/tasks/${moved.id}`, as: agent });
    expect(removed.statusCode).toBe(204);
    const gone = eventOf(await nextMail());
    expect([gone.method, gone.event.sequence, gone.event.uid]).toEqual(['CANCEL', 4, first.uid]);

    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customer}/timeline`, as: agent })).json() as {
      action: string;
      changes: { method?: string; sequence?: number };
    }[];
    const sent = timeline.filter((entry) => entry.action === 'appointment_invitation');
    expect(sent.map((entry) => [entry.changes.method, entry.changes.sequence])).toEqual([
      ['CANCEL', 4],
      ['REQUEST', 3],
      ['CANCEL', 2],
      ['REQUEST', 1],
      ['REQUEST', 0],
    ]);
  });

  it('is not sent when turned off, nor to a customer without an address; an appointment done as it happened is left alone', async () => {
    const quiet = await addCustomer('Nora Noinvite', { email: 'nora@buyer.example' });
    const noAddress = await addCustomer('Pete Phoneonly', { phone: '+1 555 0100' });
    const before = await outboxCount();
    const off = await book(quiet, { invite_customer: false });
    const none = await book(noAddress);
    expect(off.invitation).toBeNull();
    expect(none.invitation).toBeNull();
    const showed = await t.call({
      method: 'POST',
      url: `/api/tasks/${none.id}/complete`,
      as: agent,
      payload: { outcome: 'showed' },
    });
    expect(showed.statusCode, showed.body).toBe(200);
    expect(await outboxCount()).toBe(before);

    // Turning the invitation on sends the first one.
    const on = await edit(off, { invite_customer: true });
    expect(on.invitation).toBe('sent');
    const mail = await nextMail();
    expect(mail.to).toEqual(['nora@buyer.example']);
    expect(eventOf(mail).event.sequence).toBe(0);
  });
});

describe('the invitation, at the edges', () => {
  it('is cancelled when the appointment becomes another kind of task, written from the appointment it was', async () => {
    const customer = await addCustomer('Tia Typechange', { email: 'tia@buyer.example' });
    const booked = await book(customer, { due_time: '13:00' });
    const invited = eventOf(await nextMail()).event;
    const call = await edit(booked, { type: 'call', due_time: '', duration_minutes: null });
    expect(call).toMatchObject({ type: 'call', invitation: 'cancelled', duration_minutes: null });
    const cancel = eventOf(await nextMail());
    expect([cancel.method, cancel.event.uid, cancel.event.sequence]).toEqual(['CANCEL', invited.uid, 1]);
    expect(cancel.event.start.toISOString()).toBe(invited.start.toISOString());
  });

  it('keeps the invitation as it was when an edit leaves it out, and skips an address a calendar cannot take', async () => {
    const customer = await addCustomer('Uma Unsent', { email: 'uma@buyer.example' });
    const off = await book(customer, { invite_customer: false });
    const before = await outboxCount();
    const { invite_customer: _left, ...fields } = appointment(customer, { place: 'Lot C' }) as Record<string, unknown>;
    const response = await t.call({
      method: 'PUT',
      url: `/api/tasks/${off.id}`,
      as: agent,
      payload: { ...fields, invite_customer: undefined, customer_id: undefined, updated_at: off.updated_at },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ invite_customer: false, invitation: null, place: 'Lot C' });

    // An address kept from a lead's mail may be more than one mailbox: the appointment is booked, the mail not sent.
    await t.database.db
      .updateTable('customers')
      .set({ email: 'Uma <uma@buyer.example>; x@y.example' })
      .where('id', '=', customer)
      .execute();
    const booked = await book(customer);
    expect(booked.invitation).toBeNull();
    expect(await outboxCount()).toBe(before);
  });

  it('reminds the new assignee of a task given to them after the first was reminded', async () => {
    const customer = await addCustomer('Rex Reassigned');
    const start = atLocalTime(addDays(dayIn(ZONE), 3), ZONE, 10);
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    const task = await book(customer, { due_date: dayIn(ZONE, start), due_time: time.format(start), invite_customer: false });
    const deps = { mailer: t.app.mailer, webhooks: t.app.webhooks };
    const soon = new Date(start.getTime() - 10 * 60_000);
    expect((await sendReminders(t.database.db, deps, soon)).assignees).toBe(1);
    const given = await t.call({
      method: 'PUT',
      url: `/api/tasks/${task.id}`,
      as: admin,
      payload: {
        ...appointment(customer, { due_date: task.due_date, due_time: task.due_time, invite_customer: false }),
        customer_id: undefined,
        assignee_id: otherAgent.id,
        updated_at: task.updated_at,
      },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await sendReminders(t.database.db, deps, soon)).assignees).toBe(1);
    const olive = await t.database.db.selectFrom('notifications').select('kind').where('user_id', '=', otherAgent.id).execute();
    expect(olive.map((n) => n.kind).sort()).toEqual(['task_assigned', 'task_due']);
  });
});

describe('bad input', () => {
  it('is refused with the field’s message and stores nothing', async () => {
    const customer = await addCustomer('Bea Badinput', { email: 'bea@buyer.example' });
    const today = dayIn(ZONE);
    const now = new Date();
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ due_time: '' }, 'due_time', APPOINTMENT_TIME_REQUIRED],
      [{ duration_minutes: null }, 'duration_minutes', DURATION_REQUIRED],
      [{ duration_minutes: 2 }, 'duration_minutes', 'An appointment lasts between 5 minutes and 12 hours'],
    ];
    // An hour ago today (the company's), unless that was yesterday there.
    if (dayIn(ZONE, hourAgo) === today) {
      const past = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
      cases.push([{ due_date: today, due_time: past.format(hourAgo) }, 'due_time', APPOINTMENT_IN_THE_PAST]);
    }
    const tasksBefore = await t.database.db.selectFrom('tasks').select('id').execute();
    const mailBefore = await outboxCount();
    for (const [fields, field, message] of cases) {
      const response = await t.call({ method: 'POST', url: '/api/tasks', as: agent, payload: appointment(customer, fields) });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.fields?.[field], response.body).toBe(message);
    }
    // Another agent's customer is missing for this one.
    const hidden = await t.call({ method: 'POST', url: '/api/tasks', as: otherAgent, payload: appointment(customer) });
    expect(hidden.statusCode).toBe(404);
    expect(await t.database.db.selectFrom('tasks').select('id').execute()).toHaveLength(tasksBefore.length);
    expect(await outboxCount()).toBe(mailBefore);
  });

  it('holds each type to its outcomes', async () => {
    const customer = await addCustomer('Otto Outcomes');
    const booked = await book(customer);
    const call = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: agent,
      payload: { type: 'call', title: 'Call back', customer_id: customer, due_date: addDays(dayIn(ZONE), 1) },
    });
    expect(call.statusCode, call.body).toBe(201);
    for (const [id, outcome] of [
      [booked.id, 'reached'],
      [call.json().id, 'showed'],
    ] as const) {
      const response = await t.call({ method: 'POST', url: `/api/tasks/${id}/complete`, as: agent, payload: { outcome } });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields?.outcome).toBe(OUTCOME_REQUIRED);
    }
    // A call keeps no length and sends no invitation, whatever the form carried.
    expect(call.json()).toMatchObject({ duration_minutes: null, invite_customer: false, invitation: null });
  });
});

describe('reminders', () => {
  /** An appointment at `start` (a moment), booked without an invitation (unless asked) so only reminders reach the peer. */
  async function bookAt(customerId: string, start: Date, as = agent, invite = false) {
    const clock = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    return book(customerId, { due_date: dayIn(ZONE, start), due_time: clock.format(start), invite_customer: invite }, as);
  }

  /** The e-mails queued to `address`, by their subjects. */
  const subjectsTo = async (address: string) =>
    (await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute())
      .map((row) => row.payload as { to: string; subject: string })
      .filter((mail) => mail.to === address)
      .map((mail) => mail.subject);

  it('follow the invitation’s rule by e-mail: a booking’s own mail, sent without marketing consent, never when turned off', async () => {
    // No consent recorded; opted out of marketing e-mail; agreed to e-mail, but booked without an invitation.
    const nell = await addCustomer('Nell Neutral', { email: 'nell@buyer.example' });
    const opal = await addCustomer('Opal Optout', { email: 'opal@buyer.example' });
    const optedOut = await t.call({
      method: 'POST',
      url: `/api/customers/${opal}/consent`,
      as: agent,
      payload: { channel: 'email', status: 'opted_out', source: 'in_person', wording: 'No newsletters, please.' },
    });
    expect(optedOut.statusCode, optedOut.body).toBe(201);
    const iris = await addCustomer('Iris Uninvited', { email: 'iris@buyer.example' }, ['email']);
    const start = atLocalTime(addDays(dayIn(ZONE), 5), ZONE, 13);
    await bookAt(nell, start, agent, true);
    await bookAt(opal, start, agent, true);
    await bookAt(iris, start, agent, false);
    await sendReminders(t.database.db, deps(), new Date(start.getTime() - 23 * 3_600_000));
    for (const address of ['nell@buyer.example', 'opal@buyer.example']) {
      const subjects = await subjectsTo(address);
      expect(subjects.filter((subject) => subject.startsWith('Your appointment at Pacific Motors'))).toHaveLength(1);
      expect(subjects.filter((subject) => subject.startsWith('Reminder: your appointment'))).toHaveLength(1);
    }
    expect(await subjectsTo('iris@buyer.example')).toEqual([]);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${iris}/timeline`, as: agent })).json();
    expect(timeline[0]).toMatchObject({
      action: 'appointment_reminder',
      changes: { channels: [], skipped: { email: 'invitation_off' } },
    });
  });

  const deps = () => ({ mailer: t.app.mailer, webhooks: t.app.webhooks });

  it('reach the consenting customer by text once, the assignee as a notification, and no one twice', async () => {
    const consenting = await addCustomer('Rita Reminded', { email: 'rita@buyer.example', phone: '+1 555 0101' }, [
      'email',
      'sms',
    ]);
    const silent = await addCustomer('Sid Silent', { email: 'sid@buyer.example', phone: '+1 555 0102' });
    // Tomorrow at 14:00 in the company's zone, well inside the hours a text may leave when reminded a day before.
    const start = atLocalTime(addDays(dayIn(ZONE), 2), ZONE, 14);
    const [reminded, unreminded] = [await bookAt(consenting, start), await bookAt(silent, start)];

    const early = await sendReminders(t.database.db, deps(), new Date(start.getTime() - 25 * 3_600_000));
    expect(early).toEqual({ customers: 0, assignees: 0 });

    const dayBefore = new Date(start.getTime() - 23 * 3_600_000);
    const first = await sendReminders(t.database.db, deps(), dayBefore);
    expect(first.customers).toBe(1);
    const again = await sendReminders(t.database.db, deps(), new Date(dayBefore.getTime() + 60_000));
    expect(again.customers).toBe(0);

    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['kind', 'payload', 'send_after', 'appointment_id', 'appointment_starts_at'])
      .where('created_at', '>=', new Date(Date.now() - 60_000))
      .execute();
    // Booked without an invitation, neither is sent the e-mail reminder, whatever their consent: the invitation's rule.
    const texts = outbox.filter((row) => row.kind === 'sms' && JSON.stringify(row.payload).includes('+1 555 0101'));
    expect(texts).toHaveLength(1);
    expect(JSON.stringify(texts[0]!.payload)).toContain('Reply STOP to opt out');
    expect(outbox.some((row) => JSON.stringify(row.payload).includes('rita@buyer.example'))).toBe(false);
    expect(outbox.some((row) => JSON.stringify(row.payload).includes('sid@buyer.example'))).toBe(false);
    const timeline = (
      await t.call({ method: 'GET', url: `/api/customers/${unreminded.customer_id}/timeline`, as: agent })
    ).json();
    expect(timeline[0]).toMatchObject({ action: 'appointment_reminder', actor_name: 'Torque', changes: { channels: [] } });

    // The assignee: once, within the task reminder's minutes.
    const notificationsOf = async () =>
      (
        await t.database.db
          .selectFrom('notifications')
          .select(['title', 'link'])
          .where('user_id', '=', agent.id)
          .where('kind', '=', 'task_due')
          .execute()
      ).filter((n) => n.link === `/customers/${consenting}` || n.link === `/customers/${silent}`);
    const soon = new Date(start.getTime() - 10 * 60_000);
    expect((await sendReminders(t.database.db, deps(), soon)).assignees).toBe(2);
    expect((await sendReminders(t.database.db, deps(), soon)).assignees).toBe(0);
    const notes = await notificationsOf();
    expect(notes).toHaveLength(2);
    expect(notes[0]!.title).toMatch(/^Appointment at 2:00 PM: /);

    // Moving it clears the marks: the new time is reminded of again.
    const moved = await edit(reminded, {
      due_date: addDays(dayIn(ZONE), 3),
      due_time: '14:00',
      invite_customer: false,
    });
    const later = atLocalTime(moved.due_date, ZONE, 14);
    expect((await sendReminders(t.database.db, deps(), new Date(later.getTime() - 23 * 3_600_000))).customers).toBe(1);
  });

  it('hold a text until 8 am where the customer is, and send none that would arrive after the start', async () => {
    const night = await addCustomer('Nina Night', { phone: '+1 555 0103', location: 'Los Angeles, CA' }, ['sms']);
    const early = await addCustomer('Eli Early', { phone: '+1 555 0104', location: 'Los Angeles, CA' }, ['sms']);
    const day = addDays(dayIn(ZONE), 2);
    // Reminded at 10 pm the evening before a 3 pm appointment: the text waits for 8 am.
    const afternoon = await bookAt(night, atLocalTime(day, ZONE, 15));
    // Reminded at 6 am for a 7:30 am appointment: 8 am would be too late, so no text.
    const dawn = await bookAt(early, atLocalTime(day, ZONE, 7, 30));
    await configure((s) => ({ ...s, crm: { ...s.crm, appointment_reminder_hours: 17 } }));
    try {
      await sendReminders(t.database.db, deps(), atLocalTime(addDays(day, -1), ZONE, 22, 1));
      await sendReminders(t.database.db, deps(), atLocalTime(day, ZONE, 6));
    } finally {
      await configure((s) => ({ ...s, crm: { ...s.crm, appointment_reminder_hours: 24 } }));
    }
    const texts = await t.database.db.selectFrom('outbox').select(['payload', 'send_after']).where('kind', '=', 'sms').execute();
    const ofNina = texts.filter((row) => JSON.stringify(row.payload).includes('+1 555 0103'));
    expect(ofNina).toHaveLength(1);
    expect(ofNina[0]!.send_after?.toISOString()).toBe(atLocalTime(day, ZONE, 8).toISOString());
    expect(texts.filter((row) => JSON.stringify(row.payload).includes('+1 555 0104'))).toHaveLength(0);
    const marks = await t.database.db
      .selectFrom('tasks')
      .select(['id', 'customer_reminded_at'])
      .where('id', 'in', [afternoon.id, dawn.id])
      .execute();
    expect(marks.every((row) => row.customer_reminded_at !== null)).toBe(true);
  });

  it.runIf(process.env.TORQUE_TEST_DB === 'postgres')(
    'leave once when two processes on one PostgreSQL run them at the same moment',
    async () => {
      const { name } = await t.database.db
        .selectNoFrom((eb) => eb.fn<string>('current_database').as('name'))
        .executeTakeFirstOrThrow();
      const second: Database = await openDatabase({
        kind: 'postgres',
        url: withDatabase(process.env.TEST_DATABASE_URL!, name),
        max: 5,
      });
      try {
        const customers = await Promise.all(
          [1, 2, 3, 4, 5].map((n) => addCustomer(`Twin ${n}`, { email: `twin${n}@buyer.example` }, ['email'])),
        );
        const start = atLocalTime(addDays(dayIn(ZONE), 4), ZONE, 11);
        for (const customer of customers) await bookAt(customer, start, agent, true);
        const at = new Date(start.getTime() - 23 * 3_600_000);
        const runs = await Promise.all(
          [t.database.db, second.db, t.database.db, second.db].map((db) => sendReminders(db, deps(), at)),
        );
        expect(runs.reduce((sum, run) => sum + run.customers, 0)).toBe(5);
        const mails = await t.database.db.selectFrom('outbox').select('payload').where('kind', '=', 'email').execute();
        const reminders = mails.filter((row) => JSON.stringify(row.payload).includes('Reminder: your appointment'));
        for (const n of [1, 2, 3, 4, 5])
          expect(reminders.filter((row) => JSON.stringify(row.payload).includes(`twin${n}@buyer.example`))).toHaveLength(1);
      } finally {
        await second.close();
      }
    },
  );
});

describe('show rate', () => {
  it('counts each agent’s and source’s appointments of the range, and who came over those done', async () => {
    // No other customer of this file has a source, and no other appointment is in the last 30 days.
    const source = 'Phone';
    const customers = await Promise.all(
      ['Ann', 'Ben', 'Cy', 'Di'].map((name) => addCustomer(`${name} Shows`, { lead_source: source })),
    );
    const outcomes = ['showed', 'sold', 'no_show', 'cancelled'] as const;
    const booked = await Promise.all(
      customers.map((customer) => book(customer, { invite_customer: false, assignee_id: otherAgent.id }, admin)),
    );
    for (const [i, task] of booked.entries()) {
      const done = await t.call({
        method: 'POST',
        url: `/api/tasks/${task.id}/complete`,
        as: admin,
        payload: { outcome: outcomes[i] },
      });
      expect(done.statusCode, done.body).toBe(200);
    }
    // The appointments are on their day: bring them into the last 30 days.
    await t.database.db
      .updateTable('tasks')
      .set({ due_date: dayIn(ZONE) })
      .where(
        'id',
        'in',
        booked.map((task) => task.id),
      )
      .execute();
    const analytics = async (as: TestUser) => {
      const response = await t.call({ method: 'GET', url: '/api/analytics?range=30d', as });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().show_rate as { by_agent: { name: string }[]; by_source: { name: string }[] };
    };
    const seen = await analytics(admin);
    expect(seen.by_source.find((row) => row.name === source)).toEqual({
      name: source,
      booked: 3,
      showed: 1,
      no_show: 1,
      sold: 1,
      rate: 2 / 3,
    });
    expect(seen.by_agent.find((row) => row.name === otherAgent.name)).toMatchObject({ booked: 3, rate: 2 / 3 });
    expect(seen.by_agent.find((row) => row.name === otherAgent.name)).toMatchObject({ showed: 1, sold: 1, no_show: 1 });
    // An agent counts only what they may see: these customers are Sam's, the appointments Olive's.
    expect((await analytics(agent)).by_source.find((row) => row.name === source)).toMatchObject({ booked: 3 });
    const outsider = await t.createUser('agent', 'Una Unrelated');
    expect((await analytics(outsider)).by_source.find((row) => row.name === source)).toBeUndefined();
  });
});

describe('the show rate\u2019s kept counts', () => {
  /** The kept counts per day, agent, customer's agent, source and outcome, and the same counted from the tasks. */
  const agree = async () => {
    const kept = await sql<{ key: string }>`
      SELECT concat_ws(' ', day, assignee_id, owner_id, source, outcome, appointments) AS key
      FROM appointment_outcomes_daily WHERE appointments <> 0 ORDER BY 1`.execute(t.database.db);
    const direct = await sql<{ key: string }>`
      SELECT concat_ws(' ', day, assignee_id, owner_id, source, outcome, count(*)) AS key
      FROM (SELECT t.due_date AS day, t.assignee_id, c.user_id AS owner_id,
                   coalesce(c.lead_source_name, c.lead_source, 'No source') AS source, coalesce(t.outcome, '') AS outcome
            FROM tasks t JOIN customers c ON c.id = t.customer_id WHERE t.type = 'appointment') a
      GROUP BY day, assignee_id, owner_id, source, outcome ORDER BY 1`.execute(t.database.db);
    expect(kept.rows.map((r) => r.key)).toEqual(direct.rows.map((r) => r.key));
    return kept.rows.length;
  };

  it('agree with a direct count through bookings, outcomes, moves, a new agent or source, and deletes', async () => {
    const db = t.database.db;
    const first = await addCustomer('Kay Kept', { lead_source: 'Walk-in' });
    const second = await addCustomer('Lee Kept');
    const booked = [
      await book(first, { invite_customer: false, due_date: '2027-06-01' }),
      await book(first, { invite_customer: false, due_date: '2027-06-01', assignee_id: otherAgent.id }, admin),
      await book(second, { invite_customer: false, due_date: '2027-06-02' }),
    ];
    expect(await agree()).toBeGreaterThan(0);
    const done = await t.call({
      method: 'POST',
      url: `/api/tasks/${booked[0]!.id}/complete`,
      as: agent,
      payload: { outcome: 'showed' },
    });
    expect(done.statusCode, done.body).toBe(200);
    await agree();
    await db.updateTable('tasks').set({ due_date: '2027-07-01' }).where('id', '=', booked[1]!.id).execute();
    await db.updateTable('tasks').set({ assignee_id: admin.id }).where('id', '=', booked[2]!.id).execute();
    await agree();
    // The customer's source, then their agent, change: their appointments move with them.
    await db.updateTable('customers').set({ lead_source: 'Website' }).where('id', '=', first).execute();
    await db.updateTable('customers').set({ user_id: otherAgent.id }).where('id', 'in', [first, second]).execute();
    await agree();
    await db.deleteFrom('tasks').where('id', '=', booked[1]!.id).execute();
    await agree();
    // Deleting a customer deletes their appointments, and their counts.
    await db.deleteFrom('customers').where('id', '=', first).execute();
    await agree();
    const left = await db.selectFrom('appointment_outcomes_daily').select('day').where('day', '=', '2027-06-02').execute();
    expect(left.length, 'the other customer\u2019s appointment is still counted').toBeGreaterThan(0);
  });
});

describe('the calendar', () => {
  it('lists the days asked for, open and done, as the caller sees them; refuses a range longer than six weeks', async () => {
    const customer = await addCustomer('Cal Endar', { email: 'cal@buyer.example' });
    const booked = await book(customer, { due_date: '2027-05-10', due_time: '09:00', invite_customer: false });
    const called = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: admin,
      payload: { type: 'call', title: 'Admin’s own call', customer_id: customer, due_date: '2027-05-11', assignee_id: admin.id },
    });
    expect(called.statusCode, called.body).toBe(201);
    const week = async (as: TestUser, assignee: string) => {
      const response = await t.call({
        method: 'GET',
        url: `/api/tasks/calendar?assignee=${assignee}&from=2027-05-09&to=2027-05-15`,
        as,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { items: Task[]; truncated: boolean }).items.map((task) => task.title);
    };
    expect(await week(agent, 'me')).toEqual([booked.title]);
    // The agent sees the admin's call too: it is on their customer.
    expect(await week(agent, 'all')).toEqual([booked.title, 'Admin’s own call']);
    expect(await week(otherAgent, 'all')).toEqual([]);
    expect(await week(admin, agent.id)).toEqual([booked.title]);
    for (const query of ['from=2027-05-01&to=2027-06-30', 'from=2027-05-10&to=2027-05-09', 'from=2027-05-10']) {
      const response = await t.call({ method: 'GET', url: `/api/tasks/calendar?${query}`, as: agent });
      expect(response.statusCode, query).toBe(400);
    }
  });
});

describe('the private calendar feed', () => {
  it('answers the owner’s tasks as valid iCalendar, and refuses a wrong, replaced or removed address', async () => {
    const customer = await addCustomer('Fay Feed', { email: 'fay@buyer.example', phone: '+1 555 0199' });
    const booked = await book(customer, { due_date: addDays(dayIn(ZONE), 5), due_time: '16:45', invite_customer: false });
    const day = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: agent,
      payload: { type: 'todo', title: 'Bring the title papers', customer_id: customer, due_date: addDays(dayIn(ZONE), 6) },
    });
    expect(day.statusCode, day.body).toBe(201);

    const none = await t.call({ method: 'GET', url: '/api/calendar-feed', as: agent });
    expect(none.json()).toEqual({ created_at: null, url: null });
    const made = await t.call({ method: 'POST', url: '/api/calendar-feed', as: agent });
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    expect(url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
    // The address is shown once: afterwards the feed is only said to exist.
    expect((await t.call({ method: 'GET', url: '/api/calendar-feed', as: agent })).json()).toMatchObject({ url: null });

    const fetched = await t.call({ method: 'GET', url: new URL(url).pathname });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(fetched.body).toMatch(/^METHOD:PUBLISH\r$/m);
    const events = Object.values(ical.sync.parseICS(fetched.body)).filter((item): item is VEvent => item?.type === 'VEVENT');
    const appointmentEvent = events.find((event) => event.uid === `${booked.id}@appointments.torque`);
    expect(appointmentEvent?.start.toISOString()).toBe(atLocalTime(booked.due_date, ZONE, 16, 45).toISOString());
    expect(appointmentEvent!.end!.getTime() - appointmentEvent!.start.getTime()).toBe(45 * 60_000);
    expect(appointmentEvent?.location).toBe('Lot B, 100 Main St');
    const allDay = events.find((event) => event.uid === `${day.json().id}@tasks.torque`);
    expect(allDay?.datetype).toBe('date');
    expect(String(allDay?.summary)).toContain('Bring the title papers');
    // Only the owner's own tasks.
    const others = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: otherAgent,
      payload: { type: 'call', title: 'Olive’s call', customer_id: await addOwnCustomer(otherAgent), due_date: dayIn(ZONE) },
    });
    expect(others.statusCode, others.body).toBe(201);
    expect((await t.call({ method: 'GET', url: new URL(url).pathname })).body).not.toContain('Olive’s call');

    const wrong = await t.call({ method: 'GET', url: `/api/calendar-feeds/${'A'.repeat(43)}.ics` });
    expect(wrong.statusCode).toBe(404);
    const malformed = await t.call({ method: 'GET', url: '/api/calendar-feeds/abc.ics' });
    expect(malformed.statusCode).toBe(404);
    const replaced = await t.call({ method: 'POST', url: '/api/calendar-feed', as: agent });
    expect((await t.call({ method: 'GET', url: new URL(url).pathname })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: new URL(replaced.json().url).pathname })).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: '/api/calendar-feed', as: agent })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: new URL(replaced.json().url).pathname })).statusCode).toBe(404);
  });
});

/**
 * A calendar file read as RFC 5545 §3.1 writes it: every line ends with CRLF and no CR or LF stands alone, no line is
 * longer than 75 octets of UTF-8 without its CRLF, and the VEVENTs a parser finds are those the unfolded text opens.
 */
function checkedCalendar(content: string) {
  expect(content.endsWith('\r\n')).toBe(true);
  expect(content.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
  for (const line of content.slice(0, -2).split('\r\n')) {
    expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
  }
  // §3.1: unfolding removes each CRLF immediately followed by one space or tab.
  const unfolded = content.replace(/\r\n[ \t]/g, '');
  const parsed = ical.sync.parseICS(content);
  const events = Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
  expect(unfolded.match(/^BEGIN:VEVENT\r$/gm) ?? []).toHaveLength(events.length);
  expect(unfolded.match(/^END:VEVENT\r$/gm) ?? []).toHaveLength(events.length);
  return { unfolded, events, calendar: parsed.vcalendar as Record<string, unknown> | undefined };
}

describe('calendar files, to the letter of RFC 5545', () => {
  // Names kept from before names refused line breaks (or written by anything but the API), with the start of an event
  // of the writer's own in them, and a place typed with a bare CR; multi-byte text long enough to be folded.
  const agentName = 'José Peñasco "Pepe"\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:Gratis';
  const customerName = 'María Ñúñez\rEND:VEVENT\nBEGIN:VEVENT';
  const place = 'Concesionario Peñasco · Sala 2\rEND:VEVENT\r\nBEGIN:VEVENT; planta 2, edificio Ñandú';
  const movedTo = 'Concesionario Peñasco · Sala 2, Avenida de la Constitución 1234, Jerez de la Frontera';
  // TEXT keeps a line break as one (§3.3.11); a parameter value cannot hold one, nor a DQUOTE (§3.2).
  const agentText = 'José Peñasco "Pepe"\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:Gratis';
  const agentParam = "José Peñasco 'Pepe' END:VEVENT BEGIN:VEVENT SUMMARY:Gratis";
  const customerParam = 'María Ñúñez END:VEVENT BEGIN:VEVENT';
  const customerText = 'María Ñúñez\nEND:VEVENT\nBEGIN:VEVENT';
  const placeText = 'Concesionario Peñasco · Sala 2\nEND:VEVENT\nBEGIN:VEVENT; planta 2, edificio Ñandú';

  /** The invitation's one VEVENT, its every line checked, with the customer, the salesperson and the place as they were. */
  function checkedInvitation(mail: ReceivedMail, where: string) {
    expect(mail.calendars).toHaveLength(1);
    const { events, unfolded } = checkedCalendar(mail.calendars[0]!.content);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.location).toBe(where);
    const organizer = event.organizer as unknown as { params: { CN: string }; val: string };
    const attendee = event.attendee as unknown as { params: { CN: string }; val: string };
    expect(organizer.params.CN).toBe(agentParam);
    expect(attendee.params.CN).toBe(customerParam);
    expect(attendee.val).toBe('mailto:maria@comprador.example');
    expect(String(event.description)).toContain(`With ${agentText}`);
    return { event, unfolded };
  }

  /** The `n`th mail (from 1) the customer has been sent, once it has arrived. */
  async function customersMail(n: number) {
    const theirs = () => smtp.received.filter((mail) => mail.to.includes('maria@comprador.example'));
    await expect.poll(() => theirs().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(n);
    return theirs()[n - 1]!;
  }

  it('refuse a name with a line break or a control character, and store nothing', async () => {
    const agentOf = await t.createUser('agent', 'Nina Names');
    for (const name of [
      'Nina\r\nEND:VEVENT\r\nBEGIN:VEVENT',
      'Nina\rSeller',
      'Nina\nSeller',
      'Nina\tSeller',
      'Nina\u0085Seller',
      'Nina\u2028Seller',
    ]) {
      const profile = await t.call({ method: 'PATCH', url: '/api/users/me', as: agentOf, payload: { name } });
      expect(profile.statusCode, JSON.stringify(name)).toBe(400);
      expect(profile.json().error.fields?.name).toBe('A name cannot contain line breaks or control characters');
      const customer = await t.call({ method: 'POST', url: '/api/customers', as: agentOf, payload: { name } });
      expect(customer.statusCode, JSON.stringify(name)).toBe(400);
      expect(customer.json().error.fields?.name).toBe('A name cannot contain line breaks or control characters');
    }
    const user = await t.database.db.selectFrom('users').select('name').where('id', '=', agentOf.id).executeTakeFirstOrThrow();
    expect(user.name).toBe('Nina Names');
    const theirs = await t.database.db.selectFrom('customers').select('id').where('user_id', '=', agentOf.id).execute();
    expect(theirs).toEqual([]);
    // A name with accents, apostrophes and quotes is a name.
    const accented = await t.call({ method: 'PATCH', url: '/api/users/me', as: agentOf, payload: { name: 'Nina O’Brien "Ñ"' } });
    expect(accented.statusCode, accented.body).toBe(200);
  });

  it('keep hostile names and a bare CR on their lines, folded at 75 octets, in the invitation, its change, its cancellation and the feed', async () => {
    const seller = await t.createUser('agent', 'Pepe Placeholder');
    const created = await t.call({
      method: 'POST',
      url: '/api/customers',
      as: seller,
      payload: { name: 'Maria Placeholder', email: 'maria@comprador.example' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const customer = created.json().id as string;
    await t.database.db.updateTable('users').set({ name: agentName }).where('id', '=', seller.id).execute();
    await t.database.db.updateTable('customers').set({ name: customerName }).where('id', '=', customer).execute();

    const response = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: seller,
      payload: appointment(customer, { title: 'Prueba de manejo — Peñasco\rEND:VEVENT', place }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const booked = response.json() as Task;
    expect(booked.place).toBe(place);
    const invited = checkedInvitation(await customersMail(1), placeText);
    expect(invited.event.uid).toBe(`${booked.id}@appointments.torque`);

    // The change: a longer place of two-octet characters, folded by octets.
    const changed = await t.call({
      method: 'PUT',
      url: `/api/tasks/${booked.id}`,
      as: seller,
      payload: {
        ...appointment(customer, { title: booked.title, place: movedTo }),
        customer_id: undefined,
        updated_at: booked.updated_at,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const change = checkedInvitation(await customersMail(2), movedTo);
    expect(change.event.sequence).toBe(1);
    // The unfolded line is the place, its comma escaped (§3.3.11).
    expect(change.unfolded).toContain(
      '\r\nLOCATION:Concesionario Peñasco · Sala 2\\, Avenida de la Constitución 1234\\, Jerez de la Frontera\r\n',
    );

    const cancelled = await t.call({
      method: 'POST',
      url: `/api/tasks/${booked.id}/complete`,
      as: seller,
      payload: { outcome: 'cancelled' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const mail = await customersMail(3);
    expect(mail.calendars[0]?.method).toBe('CANCEL');
    const cancel = checkedInvitation(mail, movedTo);
    expect([cancel.event.sequence, cancel.event.status]).toEqual([2, 'CANCELLED']);

    // The feed: the salesperson's name in its title, the task's title and the customer's name in its event.
    const booked2 = await t.call({
      method: 'POST',
      url: '/api/tasks',
      as: seller,
      payload: appointment(customer, { title: 'Entrega\r\nEND:VEVENT', place, due_date: '2027-03-16', invite_customer: false }),
    });
    expect(booked2.statusCode, booked2.body).toBe(201);
    const made = await t.call({ method: 'POST', url: '/api/calendar-feed', as: seller });
    expect(made.statusCode, made.body).toBe(201);
    const feed = await t.call({ method: 'GET', url: new URL(made.json().url as string).pathname });
    expect(feed.statusCode).toBe(200);
    const { events, calendar } = checkedCalendar(feed.body);
    expect(calendar?.['WR-CALNAME']).toBe(`Torque: ${agentText}`);
    expect(events.map((event) => event.uid).sort()).toEqual(
      [`${booked.id}@appointments.torque`, `${booked2.json().id}@appointments.torque`].sort(),
    );
    const first = events.find((event) => event.uid === `${booked.id}@appointments.torque`)!;
    expect(first.summary).toBe(`Appointment: Prueba de manejo — Peñasco\nEND:VEVENT · ${customerText}`);
    expect(first.location).toBe(movedTo);
    expect(first.status).toBe('CANCELLED');
    const second = events.find((event) => event.uid === `${booked2.json().id}@appointments.torque`)!;
    expect(second.summary).toBe(`Appointment: Entrega\nEND:VEVENT · ${customerText}`);
    expect(second.location).toBe(placeText);
  });
});

async function addOwnCustomer(as: TestUser) {
  const created = await t.call({ method: 'POST', url: '/api/customers', as, payload: { name: `${as.name}’s customer` } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

describe('the morning e-mail', () => {
  it('reaches each user who asked for it once a day at 7:30 the company’s time, with their overdue and today’s tasks', async () => {
    const morning = await t.createUser('agent', 'Mo Morning');
    const quiet = await t.createUser('agent', 'Quinn Quiet');
    const idle = await t.createUser('agent', 'Ida Idle');
    for (const user of [morning, idle]) {
      const on = await t.call({ method: 'PUT', url: '/api/tasks/digest', as: user, payload: { enabled: true } });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toEqual({ enabled: true });
    }
    expect((await t.call({ method: 'GET', url: '/api/tasks/digest', as: quiet })).json()).toEqual({ enabled: false });
    const bad = await t.call({ method: 'PUT', url: '/api/tasks/digest', as: quiet, payload: { enabled: 'yes' } });
    expect(bad.statusCode).toBe(400);

    const today = dayIn(ZONE);
    const tomorrow = addDays(today, 1);
    for (const [as, title] of [
      [morning, 'Call Mo’s buyer'],
      [quiet, 'Call Quinn’s buyer'],
    ] as const) {
      const customer = await t.call({ method: 'POST', url: '/api/customers', as, payload: { name: `${title} customer` } });
      const task = await t.call({
        method: 'POST',
        url: '/api/tasks',
        as,
        payload: { type: 'call', title, customer_id: customer.json().id, due_date: tomorrow, due_time: '09:15' },
      });
      expect(task.statusCode, task.body).toBe(201);
    }
    // Tomorrow (the company's): before 7:30 nothing; at 7:31 Mo's day; again, or from a second run, nothing more.
    const mailer = t.app.mailer;
    expect(await sendDigests(t.database.db, mailer, 'https://crm.example', atLocalTime(tomorrow, ZONE, 7, 29))).toBe(0);
    const at = atLocalTime(tomorrow, ZONE, 7, 31);
    const runs = await Promise.all([
      sendDigests(t.database.db, mailer, 'https://crm.example', at),
      sendDigests(t.database.db, mailer, 'https://crm.example', at),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await sendDigests(t.database.db, mailer, 'https://crm.example', atLocalTime(tomorrow, ZONE, 9))).toBe(0);
    const mail = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('kind', '=', 'email')
      .where(sql<boolean>`payload->>'to' = ${morning.email}`)
      .execute();
    expect(mail).toHaveLength(1);
    const sent = mail[0]!.payload as { subject: string; text: string };
    expect(sent.subject).toBe('Your day: 1 today, 0 overdue');
    expect(sent.text).toContain('09:15  Call: Call Mo’s buyer');
    expect(sent.text).toContain('https://crm.example/tasks');
    // Quinn did not ask; Ida had nothing due.
    const others = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where(sql<boolean>`payload->>'to' IN (${quiet.email}, ${idle.email})`)
      .execute();
    expect(others).toHaveLength(0);

    // The next day, Mo's call is overdue; turned off, nothing comes.
    const dayAfter = addDays(tomorrow, 1);
    expect(await sendDigests(t.database.db, mailer, undefined, atLocalTime(dayAfter, ZONE, 8))).toBe(1);
    const second = await t.database.db
      .selectFrom('outbox')
      .select('payload')
      .where(sql<boolean>`payload->>'to' = ${morning.email}`)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect((second.payload as { subject: string }).subject).toBe('Your day: 0 today, 1 overdue');
    await t.call({ method: 'PUT', url: '/api/tasks/digest', as: morning, payload: { enabled: false } });
    expect(await sendDigests(t.database.db, mailer, undefined, atLocalTime(addDays(dayAfter, 1), ZONE, 8))).toBe(0);
  });
});
