import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '../../src/shared/tasks/types.js';
import { createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { startImapPeer, type ImapPeer } from '../helpers/dovecot.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../helpers/smtp.js';

/**
 * Invitations people can answer: the ORGANIZER of an appointment's invitation is the mailbox Torque reads the answer
 * from (the salesperson's, else the company's; with neither, no answer is asked), read from the mail a real SMTP server
 * received; and the customer's calendar REPLY (RFC 5546 §3.2.3), delivered into that mailbox on a real Dovecot, sets
 * the answer on the appointment and the customer's timeline, while a reply that is not theirs, or not for it, changes
 * nothing and is filed as any mail.
 */

const COMPANY = { address: 'sales@walk-motors.test', password: 'company-mailbox-password-51x' };
const OWN = { address: 'emma@walk-motors.test', password: 'emma-own-mailbox-password-9q' };
const MAIL_FROM_ADDRESS = 'no-reply@walk-motors.test';

let t: TestContext;
let imap: ImapPeer;
/** Torque's own mail server (SMTP_URL), the company mailbox's and Emma's own. */
let relay: SmtpPeer;
let companySmtp: SmtpPeer;
let ownSmtp: SmtpPeer;
let admin: TestUser;
let emma: TestUser;
let noah: TestUser;

const mailboxInput = (account: { address: string; password: string }, smtp: SmtpPeer) => ({
  address: account.address,
  username: account.address,
  auth: 'password',
  secret: account.password,
  imap_host: imap.host,
  imap_port: imap.port,
  imap_tls: false,
  smtp_host: '127.0.0.1',
  smtp_port: Number(new URL(smtp.url).port),
  smtp_tls: false,
});

async function connect(url: '/api/mailboxes/company' | '/api/mailboxes/mine', as: TestUser, payload: object) {
  const saved = await t.call({ method: 'PUT', url, as, payload });
  expect(saved.statusCode, saved.body).toBe(200);
  await expect
    .poll(async () => (await t.call({ method: 'GET', url, as })).json().mailbox.state, { timeout: 20_000 })
    .toBe('reading');
}

async function addCustomer(name: string, email: string, as: TestUser) {
  const created = await t.call({ method: 'POST', url: '/api/customers', as, payload: { name, email } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

async function book(customerId: string, as: TestUser, fields: Record<string, unknown> = {}) {
  const response = await t.call({
    method: 'POST',
    url: '/api/tasks',
    as,
    payload: {
      type: 'appointment',
      title: 'Test drive',
      customer_id: customerId,
      due_date: '2027-05-10',
      due_time: '10:00',
      duration_minutes: 60,
      place: 'Showroom',
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Task;
}

async function taskOf(id: string, as: TestUser) {
  const response = await t.call({ method: 'GET', url: `/api/tasks/${id}`, as });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Task;
}

/** The mail to `to` that `peer` received, waiting for it. */
async function mailTo(peer: SmtpPeer, to: string): Promise<ReceivedMail> {
  await expect.poll(() => peer.received.filter((mail) => mail.to.includes(to)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return peer.received.filter((mail) => mail.to.includes(to)).at(-1)!;
}

/** The delivered calendar: its one VEVENT as a real parser reads it, and the ATTENDEE line as written. */
function calendarOf(mail: ReceivedMail) {
  expect(mail.calendars).toHaveLength(1);
  const content = mail.calendars[0]!.content;
  const events = Object.values(ical.sync.parseICS(content)).filter((item): item is VEvent => item?.type === 'VEVENT');
  expect(events).toHaveLength(1);
  const unfolded = content.replace(/\r?\n[ \t]/g, '');
  const attendee = /^ATTENDEE[^\r\n]*$/m.exec(unfolded)?.[0] ?? '';
  const organizer = /^ORGANIZER[^\r\n]*$/m.exec(unfolded)?.[0] ?? '';
  return { event: events[0]!, attendee, organizer };
}

/**
 * RFC 5546 §4.2.2's REPLY ("Reply to a Group Event Request"), its UID, SEQUENCE, attendee, organizer and PARTSTAT
 * those of the test; `extra` adds lines to its VEVENT.
 */
function rfcReply(reply: { uid: string; sequence: number; attendee: string; organizer: string; partstat: string }) {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Example/ExampleCalendarClient//EN',
    'METHOD:REPLY',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    `ATTENDEE;PARTSTAT=${reply.partstat}:mailto:${reply.attendee}`,
    `ORGANIZER:mailto:${reply.organizer}`,
    `UID:${reply.uid}`,
    `SEQUENCE:${reply.sequence}`,
    'REQUEST-STATUS:2.0;Success',
    'DTSTAMP:19970612T190000Z',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

let replies = 0;
/** A calendar's answer as mail programs send it: text and the REPLY as a text/calendar alternative; its Message-ID. */
async function deliverReply(mailbox: { address: string; password: string }, from: string, calendar: string) {
  const messageId = `<reply-${++replies}-${crypto.randomUUID()}@calendar.example.net>`;
  const boundary = 'torque-reply-boundary';
  await imap.deliver(
    mailbox.address,
    mailbox.password,
    [
      `From: ${from}`,
      `To: ${mailbox.address}`,
      'Subject: Accepted: Test drive',
      `Message-ID: ${messageId}`,
      `Date: ${new Date().toUTCString()}`,
      'MIME-Version: 1.0',
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'This is my answer.',
      `--${boundary}`,
      'Content-Type: text/calendar; charset=utf-8; method=REPLY',
      '',
      calendar,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
  return messageId;
}

/** Waits until the mail with this Message-ID is filed (as any mail is). */
async function filed(messageId: string) {
  await expect
    .poll(
      async () => (await t.database.db.selectFrom('emails').select('id').where('provider_id', '=', messageId).execute()).length,
      { timeout: 20_000 },
    )
    .toBe(1);
}

beforeAll(async () => {
  [imap, relay, companySmtp, ownSmtp] = await Promise.all([
    startImapPeer(),
    startSmtpPeer(),
    startSmtpPeer({ auth: { user: COMPANY.address, pass: COMPANY.password } }),
    startSmtpPeer({ auth: { user: OWN.address, pass: OWN.password } }),
  ]);
  imap.addUser(COMPANY.address, COMPANY.password);
  imap.addUser(OWN.address, OWN.password);
  t = await createTestContext(
    { SMTP_URL: relay.url, MAIL_FROM: `Walk Motors <${MAIL_FROM_ADDRESS}>`, MAILBOX_PRIVATE_HOSTS: 'everyone' },
    { jobs: { pollingIntervalSeconds: 0.5 } },
  );
  admin = await t.createUser('admin', 'Ada Admin');
  emma = await t.createUser('agent', 'Emma Carter');
  noah = await t.createUser('agent', 'Noah Brooks');
});

afterAll(async () => {
  await t?.close();
  await Promise.all([imap?.close(), relay?.close(), companySmtp?.close(), ownSmtp?.close()]);
});

describe('the invitation’s organizer', () => {
  it('asks no answer without a mailbox Torque reads, and names the address the mail leaves from', async () => {
    const customer = await addCustomer('Nina Nomail', 'nina@buyer.example', noah);
    const task = await book(customer, noah);
    const mail = await mailTo(relay, 'nina@buyer.example');
    const { event, attendee, organizer } = calendarOf(mail);
    expect(event.uid).toBe(`${task.id}@appointments.torque`);
    expect(organizer).toMatch(new RegExp(`:mailto:${MAIL_FROM_ADDRESS}$`, 'i'));
    expect(attendee).not.toMatch(/RSVP=TRUE/i);
    expect(mail.from).toBe(MAIL_FROM_ADDRESS);
    expect(mail.headers.from).toContain(MAIL_FROM_ADDRESS);
  });

  it('is the company mailbox once one is connected, the mail sent through it, and asks the customer to answer', async () => {
    await connect('/api/mailboxes/company', admin, mailboxInput(COMPANY, companySmtp));
    const customer = await addCustomer('Colin Company', 'colin@buyer.example', noah);
    await book(customer, noah);
    const mail = await mailTo(companySmtp, 'colin@buyer.example');
    const { attendee, organizer } = calendarOf(mail);
    expect(organizer).toMatch(new RegExp(`:mailto:${COMPANY.address}$`, 'i'));
    expect(attendee).toMatch(/RSVP=TRUE/i);
    expect(attendee).toContain('colin@buyer.example');
    expect(mail.from).toBe(COMPANY.address);
    expect(mail.headers.from).toContain(COMPANY.address);
    expect(relay.received.some((sent) => sent.to.includes('colin@buyer.example'))).toBe(false);
  });

  it('is the salesperson’s own mailbox when they connected one', async () => {
    await connect('/api/mailboxes/mine', emma, mailboxInput(OWN, ownSmtp));
    const customer = await addCustomer('Olga Own', 'olga@buyer.example', emma);
    await book(customer, emma);
    const mail = await mailTo(ownSmtp, 'olga@buyer.example');
    const { attendee, organizer } = calendarOf(mail);
    expect(organizer).toMatch(new RegExp(`:mailto:${OWN.address}$`, 'i'));
    expect(organizer).toContain('Emma Carter');
    expect(attendee).toMatch(/RSVP=TRUE/i);
    expect(mail.from).toBe(OWN.address);
    expect(mail.headers.from).toContain(OWN.address);
  });
});

describe('the customer’s answer', () => {
  it('read from their calendar’s REPLY in the organizer’s mailbox, is set on the appointment and their timeline', async () => {
    const customer = await addCustomer('Kim Keen', 'kim@buyer.example', emma);
    const booked = await book(customer, emma);
    const uid = `${booked.id}@appointments.torque`;
    await mailTo(ownSmtp, 'kim@buyer.example');
    expect(booked.customer_answer).toBeNull();

    const accepted = await deliverReply(
      OWN,
      'Kim Keen <kim@buyer.example>',
      rfcReply({ uid, sequence: 0, attendee: 'kim@buyer.example', organizer: OWN.address, partstat: 'ACCEPTED' }),
    );
    await filed(accepted);
    await expect.poll(async () => (await taskOf(booked.id, emma)).customer_answer, { timeout: 20_000 }).toBe('accepted');
    expect((await taskOf(booked.id, emma)).customer_answered_at).not.toBeNull();
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customer}/timeline`, as: emma })).json() as {
      action: string;
      actor_name: string;
      changes: Record<string, unknown>;
    }[];
    expect(timeline.find((entry) => entry.action === 'appointment_answer')).toMatchObject({
      changes: { task: booked.id, answer: 'accepted' },
    });
    // The mail itself joins the customer's conversation as any mail does.
    const mail = await t.database.db
      .selectFrom('emails')
      .select('customer_id')
      .where('provider_id', '=', accepted)
      .executeTakeFirstOrThrow();
    expect(mail.customer_id).toBe(customer);

    // Changed their mind, folded as calendars write long lines (RFC 5545 §3.1), with a quoted name.
    const folded = rfcReply({
      uid,
      sequence: 0,
      attendee: 'kim@buyer.example',
      organizer: OWN.address,
      partstat: 'DECLINED',
    }).replace('ATTENDEE;PARTSTAT=DECLINED:mailto:', 'ATTENDEE;CN="Keen, Kim";PARTSTAT=DECL\r\n INED:mai\r\n\tlto:');
    await filed(await deliverReply(OWN, 'kim@buyer.example', folded));
    await expect.poll(async () => (await taskOf(booked.id, emma)).customer_answer, { timeout: 20_000 }).toBe('declined');
  });

  it('changes nothing for an unknown UID, an older SEQUENCE, another attendee or sender, the wrong mailbox, or a broken REPLY', async () => {
    const customer = await addCustomer('Lena Later', 'lena@buyer.example', emma);
    const booked = await book(customer, emma);
    await mailTo(ownSmtp, 'lena@buyer.example');
    // Moved: the customer is sent SEQUENCE 1, and an answer to SEQUENCE 0 is an answer to what is no longer asked.
    const moved = await t.call({
      method: 'PUT',
      url: `/api/tasks/${booked.id}`,
      as: emma,
      payload: {
        type: 'appointment',
        title: 'Test drive',
        due_date: '2027-05-10',
        due_time: '11:30',
        duration_minutes: 60,
        place: 'Showroom',
        updated_at: booked.updated_at,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().invite_sequence).toBe(1);
    const uid = `${booked.id}@appointments.torque`;
    const reply = (fields: Partial<Parameters<typeof rfcReply>[0]> = {}) =>
      rfcReply({ uid, sequence: 1, attendee: 'lena@buyer.example', organizer: OWN.address, partstat: 'ACCEPTED', ...fields });

    const ignored = [
      await deliverReply(OWN, 'lena@buyer.example', reply({ uid: `${crypto.randomUUID()}@appointments.torque` })),
      await deliverReply(OWN, 'lena@buyer.example', reply({ sequence: 0 })),
      await deliverReply(OWN, 'lena@buyer.example', reply({ attendee: 'mallory@elsewhere.example' })),
      await deliverReply(OWN, 'mallory@elsewhere.example', reply()),
      // The company's mailbox is not the one Emma's invitation named.
      await deliverReply(COMPANY, 'lena@buyer.example', reply()),
      await deliverReply(OWN, 'lena@buyer.example', reply().replace('METHOD:REPLY', 'METHOD:REQUEST')),
      await deliverReply(OWN, 'lena@buyer.example', reply().replace('SEQUENCE:1', 'SEQUENCE:one')),
      await deliverReply(OWN, 'lena@buyer.example', reply().replace('END:VEVENT\r\n', '')),
      await deliverReply(OWN, 'lena@buyer.example', reply({ partstat: 'NEEDS-ACTION' })),
    ];
    for (const messageId of ignored) await filed(messageId);
    const after = await taskOf(booked.id, emma);
    expect(after.customer_answer).toBeNull();
    expect(after.updated_at).toBe(moved.json().updated_at);
    const timeline = (await t.call({ method: 'GET', url: `/api/customers/${customer}/timeline`, as: emma })).json() as {
      action: string;
    }[];
    expect(timeline.some((entry) => entry.action === 'appointment_answer')).toBe(false);

    // The answer to what was sent last is taken.
    await filed(await deliverReply(OWN, 'lena@buyer.example', reply({ partstat: 'TENTATIVE' })));
    await expect.poll(async () => (await taskOf(booked.id, emma)).customer_answer, { timeout: 20_000 }).toBe('tentative');
  });
});
