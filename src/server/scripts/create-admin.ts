// npm run create-admin -- <email> "<name>": creates an admin, or makes an existing user admin.
import readline from 'node:readline/promises';
import { isOneLineName, NAME_CONTROL_MESSAGE } from '../../shared/common/fields.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureAdmin } from './ensure-admin.js';

const [email, name] = process.argv.slice(2);
if (!email) {
  console.error('Usage: npm run create-admin -- <email> "<full name>"');
  process.exit(2);
}
// The name goes where every other person's name goes, calendar invitations included: one line, as the forms keep it.
if (name !== undefined && !isOneLineName(name)) {
  console.error(`${NAME_CONTROL_MESSAGE}.`);
  process.exit(2);
}
// The admin comes from the arguments; ADMIN_PASSWORD may give its password without ADMIN_EMAIL.
const config = loadConfig({ ...process.env, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined });
let password = process.env.ADMIN_PASSWORD;
if (!password) {
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
  password = await prompt.question('Password (at least 8 characters): ');
  prompt.close();
}
if (password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}
const database = await openConfiguredDatabase(config);
try {
  await migrateToLatest(database.db);
  await ensureAdmin(database.db, { email, password, name });
  console.log(`${email} is an admin.`);
} finally {
  await database.close();
}
