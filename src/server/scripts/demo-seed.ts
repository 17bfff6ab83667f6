import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Role } from '../../shared/users/roles.js';
import { demoPassword } from '../modules/session/service.js';
import { createUserWithPassword, findUserByEmail } from '../modules/users/service.js';
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
  return true;
}
