import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Role } from '../../shared/users/roles.js';
import { demoPassword } from '../modules/session/index.js';
import { createUserWithPassword, findUserByEmail } from '../platform/users.js';
import { receivePostedAdf } from '../modules/leads/index.js';
import { closeAnsweredLeadTasks } from '../modules/tasks/index.js';
import type { PlanInput } from '../../shared/tasks/plans.js';
import { addDays } from '../../shared/common/time.js';
import { buyersGuideSchema } from '../../shared/vehicles/buyers-guide.js';
import type { TaskPriority, TaskType } from '../../shared/tasks/schemas.js';
import { businessClock } from '../platform/time.js';
import { randomSource, sampleCustomer, sampleDeal, sampleVehicle } from './sample-data.js';

const demoUsers: { name: string; email: string; role: Role }[] = [
  { name: 'Alex Morgan', email: 'admin@torque.demo', role: 'admin' },
  { name: 'Emma Carter', email: 'emma.carter@torque.demo', role: 'agent' },
  { name: 'Liam Brooks', email: 'liam.brooks@torque.demo', role: 'agent' },
  { name: 'Sofia Reyes', email: 'sofia.reyes@torque.demo', role: 'agent' },
  { name: 'Noah Kim', email: 'noah.kim@torque.demo', role: 'editor' },
];

const DAY = 24 * 60 * 60 * 1000;

/** Demo accounts and a realistic book of business, written once into an empty installation. */
export async function seedDemo(db: Kysely<DB>, secret: string) {
  if (await findUserByEmail(db, demoUsers[0]!.email)) return false;
  const users: { id: string; name: string; role: Role }[] = [];
  for (const u of demoUsers) {
    const id = await createUserWithPassword(db, { ...u, password: demoPassword(secret, u.email) });
    users.push({ id, name: u.name, role: u.role });
  }
  const rnd = randomSource(20240601);
  const asIsGuide = buyersGuideSchema.parse({ complaints_contact: 'Sales manager, (512) 555-0100' });
  const limitedWarrantyGuide = buyersGuideSchema.parse({
    dealer_warranty: 'limited',
    labor_percent: 50,
    parts_percent: 50,
    systems_covered: 'Engine, transmission and drive axle',
    duration: '30 days or 1,000 miles, whichever comes first',
    service_contract: true,
    complaints_contact: 'Sales manager, (512) 555-0100',
  });
  const now = Date.now();
  const owners = users.filter((u) => u.role !== 'editor');
  const lastYearStart = new Date(new Date().getFullYear() - 1, 0, 1).getTime();

  await db.transaction().execute(async (tx) => {
    // Two agents with a rate of their own, one on the default: their completed deals are frozen at these.
    const ownRates: Record<string, number> = { 'Emma Carter': 3, 'Sofia Reyes': 2.75 };
    await tx
      .insertInto('commission_rates')
      .values(
        users.filter((u) => ownRates[u.name]).map((u) => ({ user_id: u.id, rate: ownRates[u.name]!, updated_by: users[0]!.id })),
      )
      .execute();
    let n = 0;
    for (const owner of owners) {
      const customers = Array.from({ length: owner.role === 'admin' ? 8 : 24 }, () =>
        sampleCustomer(rnd, ++n, owner.id, new Date(now - rnd.int(0, 420) * DAY - rnd.int(0, DAY))),
      );
      await tx.insertInto('customers').values(customers).execute();
      const vehicles = Array.from({ length: owner.role === 'admin' ? 6 : 14 }, () =>
        sampleVehicle(rnd, owner.id, new Date(now - rnd.int(0, 200) * DAY - rnd.int(0, DAY))),
      );
      await tx.insertInto('vehicles').values(vehicles).execute();
      if (owner.role === 'agent') {
        const deals = Array.from({ length: 36 }, () =>
          sampleDeal(rnd, owner, new Date(lastYearStart + rnd.next() * (now - lastYearStart))),
        );
        await tx.insertInto('deals').values(deals).execute();
      }
    }

    // Along the pipeline: customers with a completed sale are Closed, those with a deal under way in Negotiation, and
    // a share of the others Qualified or at a Test Drive.
    await sql`
      UPDATE customers c SET pipeline_stage = CASE
        WHEN EXISTS (SELECT 1 FROM deals d WHERE d.customer_id = c.id AND d.status = 'completed') THEN 'Closed'
        WHEN EXISTS (SELECT 1 FROM deals d WHERE d.customer_id = c.id AND d.status <> 'cancelled') THEN 'Negotiation'
        ELSE (ARRAY[NULL, 'Qualified', 'Test Drive'])[1 + abs(hashtext(c.id::text)) % 3]
      END`.execute(tx);

    // Buyers Guides on most used vehicles, as is or with a limited dealer warranty; a few offered without one yet, which
    // the inventory flags.
    await sql`
      INSERT INTO vehicle_buyers_guides (vehicle_id, guide, saved_by, saved_at)
      SELECT v.id,
        CASE WHEN abs(hashtext(v.id::text)) % 3 = 0
          THEN ${JSON.stringify(limitedWarrantyGuide)}::jsonb ELSE ${JSON.stringify(asIsGuide)}::jsonb END,
        ${users[0]!.id}, v.created_at
      FROM vehicles v WHERE v.condition = 'used' AND abs(hashtext(v.id::text || 'guide')) % 5 <> 0`.execute(tx);

    // Every seeded record starts its timeline the way a record made in the app does.
    for (const [table, entity] of [
      ['customers', 'customer'],
      ['vehicles', 'vehicle'],
      ['deals', 'deal'],
    ] as const) {
      await sql`
        INSERT INTO audit_log (actor_id, entity_type, entity_id, action, changes, created_at)
        SELECT user_id, ${entity}, id, 'created', '{}'::jsonb, created_at FROM ${sql.table(table)}`.execute(tx);
    }

    // The company's Instagram account and one agent's, so Social Media can be tried at once.
    const emma = users.find((u) => u.name === 'Emma Carter');
    await tx
      .insertInto('instagram_accounts')
      .values([
        { username: 'torque.auto', type: 'company', is_connected: true, followers: 12_480 },
        ...(emma
          ? [{ username: 'emma.drives', type: 'agent' as const, user_id: emma.id, is_connected: true, followers: 2_310 }]
          : []),
      ])
      .execute();

    const chat = await tx
      .insertInto('chats')
      .values({ name: 'Company', type: 'company', channel: 'company', created_by: users[0]!.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const joined = new Date(now - 3 * DAY);
    await tx
      .insertInto('chat_participants')
      .values(users.map((u) => ({ chat_id: chat.id, user_id: u.id, last_read_at: joined, created_at: joined })))
      .execute();
    const lines = [
      [1, 'Morning team! The 2024 X5 on the lot has two test drives booked today.'],
      [2, 'I have a client asking about the Taycan, is it still available?'],
      [3, 'Closed the GLE deal yesterday, paperwork is uploaded.'],
      [1, 'Great work. Reminder: month-end numbers are due Friday.'],
    ] as const;
    await tx
      .insertInto('messages')
      .values(
        lines.map(([who, content], i) => ({
          chat_id: chat.id,
          sender_id: users[who]!.id,
          content,
          created_at: new Date(now - (lines.length - i) * 60 * 60 * 1000),
        })),
      )
      .execute();
    await tx
      .insertInto('notifications')
      .values(users.map((u) => ({ user_id: u.id, title: 'Welcome to Torque', content: 'Your demo workspace is ready.' })))
      .execute();
  });
  await seedPlans(db);
  await seedLeads(db, now);
  await seedTasks(db, now);
  await seedConversations(db, now);
  return true;
}

/** A working day for each agent and the admin: a task overdue, a few due today and later, a call and a visit done yesterday. */
/**
 * Three action plans: one the marketplace's new leads start (so the week of leads below is on it), one for after a
 * sale, and one started by hand.
 */
async function seedPlans(db: Kysely<DB>) {
  const plans: PlanInput[] = [
    {
      name: 'New internet lead',
      starts_on: 'lead',
      lead_source: 'CarMarket',
      active: true,
      steps: [
        {
          day: 1,
          type: 'email',
          title: 'Send the details of the car they asked about',
          message: 'Hi {first_name}, thank you for your interest. Here are the details and a few pictures. {agent}, {company}',
        },
        {
          day: 3,
          type: 'text',
          title: 'Offer a test drive',
          message: 'Hi {first_name}, would a test drive this week suit you? {agent}',
        },
        { day: 7, type: 'call', title: 'Call about what they are looking for', message: null },
        {
          day: 14,
          type: 'email',
          title: 'Last check-in',
          message: 'Hi {first_name}, is the car still on your mind? {agent}, {company}',
        },
      ],
    },
    {
      name: 'After the sale',
      starts_on: 'deal_completed',
      lead_source: null,
      active: true,
      steps: [
        {
          day: 1,
          type: 'text',
          title: 'Thank them for their purchase',
          message: 'Thank you for choosing {company}, {first_name}! {agent}',
        },
        { day: 60, type: 'call', title: 'Ask for a referral', message: null },
      ],
    },
    {
      name: 'Lease ending',
      starts_on: 'manual',
      lead_source: null,
      active: true,
      steps: [
        { day: 0, type: 'call', title: 'Call about the lease’s end', message: null },
        {
          day: 7,
          type: 'email',
          title: 'Send the options for a new car',
          message: 'Hi {first_name}, here are your options. {agent}',
        },
        { day: 21, type: 'todo', title: 'Book the return inspection', message: null },
      ],
    },
  ];
  await db
    .insertInto('action_plans')
    .values(plans.map((plan) => ({ ...plan, steps: JSON.stringify(plan.steps) })))
    .execute();
}

async function seedTasks(db: Kysely<DB>, now: number) {
  const { today } = await businessClock(db, new Date(now));
  const plan: [string, TaskType, number, string | null, TaskPriority][] = [
    ['Call back about the financing options', 'call', -2, '10:00', 'high'],
    ['Call to book a test drive', 'call', 0, '11:30', 'normal'],
    ['Send the trade-in estimate', 'email', 0, null, 'normal'],
    ['Test drive at the lot', 'appointment', 2, '15:00', 'normal'],
    ['Text a reminder about the paperwork', 'text', 5, null, 'low'],
  ];
  const owners = await db.selectFrom('users').select(['id']).where('role', '<>', 'editor').execute();
  for (const owner of owners) {
    const customers = await db
      .selectFrom('customers')
      .select('id')
      .where('user_id', '=', owner.id)
      .orderBy('created_at', 'desc')
      .limit(6)
      .execute();
    if (customers.length < 6) continue;
    await db
      .insertInto('tasks')
      .values([
        ...plan.map(([title, type, offset, time, priority], i) => ({
          title,
          type,
          due_date: addDays(today, offset),
          due_time: time,
          priority,
          assignee_id: owner.id,
          customer_id: customers[i]!.id,
          created_by: owner.id,
          // The demo's appointment is shown as booked, not sent: demo customers' addresses are not real.
          duration_minutes: type === 'appointment' ? 45 : null,
          place: type === 'appointment' ? 'The showroom' : null,
        })),
        {
          title: 'Call to thank them for the visit',
          type: 'call' as const,
          due_date: addDays(today, -1),
          assignee_id: owner.id,
          customer_id: customers[5]!.id,
          created_by: owner.id,
          completed_at: new Date(now - DAY),
          completed_by: owner.id,
          outcome: 'reached' as const,
          outcome_note: 'Happy with the visit; wants the numbers on the SUV.',
        },
        {
          title: 'Showroom visit',
          type: 'appointment' as const,
          due_date: addDays(today, -1),
          due_time: '11:00',
          duration_minutes: 60,
          place: 'The showroom',
          assignee_id: owner.id,
          customer_id: customers[5]!.id,
          created_by: owner.id,
          completed_at: new Date(now - DAY),
          completed_by: owner.id,
          outcome: 'showed' as const,
          outcome_note: 'Drove the SUV; coming back with their partner.',
        },
      ])
      .execute();
  }
}

const demoLeads = [
  // name, phone, e-mail, vehicle, minutes ago, answered after (minutes) or null
  ['Harper Quinn', '(512) 555-0181', 'harper.quinn@example.com', [2024, 'Toyota', 'RAV4 Hybrid', 36_500], 25, null],
  ['Mateo Alvarez', '(512) 555-0182', 'mateo.alvarez@example.com', [2023, 'BMW', 'X5', 61_900], 55, null],
  ['Chloe Bennett', '(737) 555-0183', 'chloe.bennett@example.com', [2022, 'Honda', 'Accord', 27_400], 3 * 60, 6],
  ['Isaac Ward', '(737) 555-0184', 'isaac.ward@example.com', [2024, 'Tesla', 'Model Y', 47_990], 26 * 60, 3],
  ['Grace Liu', '(512) 555-0185', 'grace.liu@example.com', [2021, 'Audi', 'Q5', 33_800], 2 * 24 * 60, 41],
  ['Owen Patel', '(512) 555-0186', 'owen.patel@example.com', [2023, 'Ford', 'F-150', 52_300], 4 * 24 * 60, 12],
] as const;

const adfOf = ([name, phone, email, [year, make, model, price]]: (typeof demoLeads)[number]) => `<?xml version="1.0"?>
<adf><prospect><requestdate>${new Date().toISOString()}</requestdate>
<vehicle interest="buy" status="used"><year>${year}</year><make>${make}</make><model>${model}</model><price>${price}</price></vehicle>
<customer><contact><name part="full">${name}</name><phone type="cellphone">${phone}</phone><email>${email}</email></contact></customer>
<vendor><vendorname>Torque Auto Brokerage</vendorname></vendor><provider><name>CarMarket</name></provider>
</prospect></adf>`;

/**
 * A marketplace that posts ADF leads, and a week of its leads through the real intake: some answered (a call logged
 * minutes after arrival), some still waiting, one that could not be read.
 */
async function seedLeads(db: Kysely<DB>, now: number) {
  const source = await db
    .insertInto('lead_sources')
    .values({ name: 'CarMarket', key_hash: crypto.randomBytes(32).toString('hex') })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  for (const lead of [...demoLeads].reverse()) {
    const received = new Date(now - lead[4] * 60_000);
    const [outcome] = (await receivePostedAdf(db, source, adfOf(lead), received)).leads;
    // The admins were told of the unanswered ones when they had waited the default 15 minutes.
    const alerted = lead[5] === null ? new Date(received.getTime() + 15 * 60_000) : null;
    await db.updateTable('leads').set({ alerted_at: alerted }).where('id', '=', outcome!.id).execute();
    await db.updateTable('customers').set({ created_at: received }).where('id', '=', outcome!.customer_id!).execute();
    await db.updateTable('audit_log').set({ created_at: received }).where('entity_id', '=', outcome!.customer_id!).execute();
    const answeredAfter = lead[5];
    const agent = await db.selectFrom('leads').select('assigned_user_id').where('id', '=', outcome!.id).executeTakeFirstOrThrow();
    if (answeredAfter !== null)
      await db.updateTable('customers').set({ pipeline_stage: 'Qualified' }).where('id', '=', outcome!.customer_id!).execute();
    if (answeredAfter !== null && agent.assigned_user_id)
      await db
        .insertInto('audit_log')
        .values({
          actor_id: agent.assigned_user_id,
          entity_type: 'customer',
          entity_id: outcome!.customer_id!,
          action: 'contact_logged',
          changes: JSON.stringify({ lead: outcome!.id, kind: 'call', label: 'Call', note: 'Called back; test drive to book.' }),
          created_at: new Date(received.getTime() + answeredAfter * 60_000),
        })
        .execute();
    // The call answered the lead, and so closed its first-response task.
    if (answeredAfter !== null && agent.assigned_user_id) {
      const user = await db
        .selectFrom('users')
        .select(['id as userId', 'role', 'name', 'email'])
        .where('id', '=', agent.assigned_user_id)
        .executeTakeFirstOrThrow();
      await closeAnsweredLeadTasks(db, { ...user, sessionId: '', impersonatorId: null, inventory: 'own' }, [
        outcome!.customer_id!,
      ]);
    }
  }
  // A prospect with no name, e-mail or phone: kept for a person to look at.
  const flagged = await receivePostedAdf(
    db,
    source,
    '<adf><prospect><vehicle><make>Porsche</make><model>Macan</model></vehicle><customer><comments>Call me back about the Macan</comments></customer></prospect></adf>',
  );
  await db
    .updateTable('leads')
    .set({ received_at: new Date(now - 5 * 60 * 60_000) })
    .where('id', '=', flagged.leads[0]!.id)
    .execute();
  // The intake told each agent of their lead as it arrived; a new demo starts with only its welcome.
  await db.deleteFrom('notifications').where('kind', 'in', ['lead_received']).execute();
}

/**
 * Conversations under way: customers of the agents who wrote or texted in (some answered, some waiting, as
 * Communications → Waiting shows), and a mail from an address no customer has, under Unmatched.
 */
async function seedConversations(db: Kysely<DB>, now: number) {
  const hours = (h: number) => new Date(now - h * 60 * 60_000);
  const { rows: customers } = await sql<{ id: string; name: string; email: string; phone: string | null; user_id: string }>`
    SELECT DISTINCT ON (c.user_id) c.id, c.name, c.email, c.phone, c.user_id
    FROM customers c JOIN users u ON u.id = c.user_id
    WHERE u.role = 'agent' AND c.email IS NOT NULL AND c.phone IS NOT NULL
      -- Not a lead's customer: their leads' answers are on record already.
      AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.customer_id = c.id)
    ORDER BY c.user_id, c.created_at DESC`.execute(db);
  const mails = [
    ['Is the SUV still available?', 'Hi, is the SUV from your listing still available? I could come by on Saturday.'],
    ['Trade-in question', 'What would you give me for my 2017 Camry with 60,000 miles?'],
    ['Financing', 'Do you work with credit unions, or only with your own lenders?'],
  ] as const;
  for (const [i, customer] of customers.entries()) {
    const [subject, body] = mails[i % mails.length]!;
    const at = hours(30 - i * 7);
    const { id } = await db
      .insertInto('emails')
      .values({
        direction: 'inbound',
        customer_id: customer.id,
        from_address: customer.email,
        to_address: 'sales@torque.local',
        subject,
        body,
        provider_id: `<demo-${customer.id}@mail.example.com>`,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('audit_log')
      .values({
        actor_id: null,
        entity_type: 'customer',
        entity_id: customer.id,
        action: 'email_received',
        changes: JSON.stringify({ email_id: id, subject }),
        created_at: at,
      })
      .execute();
    // The first agent answered by text, and the customer texted back: they wait again, since then.
    if (i === 0) {
      await db
        .insertInto('texts')
        .values({
          direction: 'outbound',
          customer_id: customer.id,
          phone: customer.phone!,
          body: 'It is! Saturday at 10 works. See you then.',
          sent_by: customer.user_id,
          created_at: hours(29),
        })
        .execute();
      await db
        .insertInto('audit_log')
        .values({
          actor_id: customer.user_id,
          entity_type: 'customer',
          entity_id: customer.id,
          action: 'text_sent',
          changes: JSON.stringify({ body: 'It is! Saturday at 10 works.' }),
          created_at: hours(29),
        })
        .execute();
      await db
        .insertInto('texts')
        .values({
          direction: 'inbound',
          customer_id: customer.id,
          phone: customer.phone!,
          body: 'Can we make it 11 instead?',
          created_at: hours(2),
        })
        .execute();
    }
  }
  await db
    .insertInto('reply_templates')
    .values([
      {
        name: 'Test drive',
        subject: 'Your test drive',
        body: 'Hi {first_name}, the {vehicle} is ready for a test drive whenever suits you. Just reply with a day and time. — {agent}, {dealership}',
      },
      {
        name: 'Thanks for visiting',
        subject: 'Thank you for visiting {dealership}',
        body: 'Hi {first_name}, thank you for stopping by today. Any question at all, I am one text away. — {agent}',
      },
      { name: 'Running late', subject: '', body: 'Hi {first_name}, running about 10 minutes late. See you shortly! — {agent}' },
    ])
    .execute();
  await db
    .insertInto('emails')
    .values({
      direction: 'inbound',
      customer_id: null,
      from_address: 'j.morrow@example.net',
      to_address: 'sales@torque.local',
      subject: 'Do you buy cars?',
      body: 'I have a 2019 Accord to sell. Do you buy cars outright?',
      provider_id: '<demo-unmatched@mail.example.net>',
      created_at: hours(5),
    })
    .execute();
  // A text from a number no customer has, beside it under Unmatched.
  await db
    .insertInto('sms_replies')
    .values({
      provider_id: 'SMdemounmatched00000000000000000001',
      from_phone: '+15125550188',
      body: 'Hi, is the white F-150 on your site still available? Could I see it Saturday?',
      outcome: 'other',
      received_at: hours(3),
    })
    .execute();
}
