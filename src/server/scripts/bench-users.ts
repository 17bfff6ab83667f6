import type { Database } from '../db/connection.js';
import { createUserWithPassword, findUserByEmail } from '../platform/users.js';

/** The password of the benchmark's users: they exist only in databases made for measuring. */
export const BENCH_PASSWORD = 'bench password 123';
export const BENCH_ADMIN_EMAIL = 'admin@bench.test';
export const benchAgentEmail = (i: number) => `agent${i}@bench.test`;

/** One admin and `agentCount` agents, made once: a later run finds them and returns their ids. */
export async function createBenchUsers(database: Database, agentCount: number): Promise<{ adminId: string; agentIds: string[] }> {
  const ensure = async (email: string, name: string, role: 'admin' | 'agent') =>
    (await findUserByEmail(database.db, email))?.id ??
    (await createUserWithPassword(database.db, { name, email, role, password: BENCH_PASSWORD }));
  const adminId = await ensure(BENCH_ADMIN_EMAIL, 'Bench Admin', 'admin');
  const agentIds: string[] = [];
  for (let i = 0; i < agentCount; i++) agentIds.push(await ensure(benchAgentEmail(i), `Agent ${i}`, 'agent'));
  return { adminId, agentIds };
}
