import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSettings } from '../../src/shared/settings/schemas.js';
import { INVITATION_WITHDRAWN, invitationWithdrawnMessage } from '../../src/shared/team/rules.js';
import type { TeamMember } from '../../src/shared/team/types.js';
import { cookieHeader, createTestContext, type TestContext, type TestUser } from '../helpers/app.js';
import { startSmtpPeer } from '../helpers/smtp.js';

let t: TestContext;
let admin: TestUser;
let editor: TestUser;
let agent: TestUser;
let invited = 0;
const PASSPHRASE = 'four words of passphrase';

const nextEmail = () => `person.${++invited}@example.com`;
const tokenOf = (link: string) => link.split('/invite/')[1]!;

async function inviteAs(as: TestUser, payload: Record<string, unknown>) {
  return t.call({ method: 'POST', url: '/api/team/invitations', as, payload: { send: false, ...payload } });
}

async function invitation(role = 'agent', email = nextEmail()) {
  const response = await inviteAs(admin, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; email: string; link: string; expires_at: string };
}

const accept = (token: string, password = PASSPHRASE, name = 'Nora Newcomer') =>
  t.call({ method: 'POST', url: '/api/invitations/accept', payload: { token, name, password } });

async function team(as: TestUser = admin): Promise<TeamMember[]> {
  const response = await t.call({ method: 'GET', url: '/api/team', as });
  expect(response.statusCode).toBe(200);
  return response.json().members;
}

const patch = (as: TestUser, id: string, payload: Record<string, unknown>) =>
  t.call({ method: 'PATCH', url: `/api/team/members/${id}`, as, payload });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.createUser('admin', 'Alex Admin');
  editor = await t.createUser('editor', 'Eddie Editor');
  agent = await t.createUser('agent', 'Emma Carter');
});
afterAll(() => t.close());

describe('the invite form', () => {
  it("answers a missing e-mail or role with 'Please fill in all fields' and stores nothing", async () => {
    for (const payload of [{ email: '', role: 'agent' }, { email: 'x@example.com' }, { email: '  ', role: '' }]) {
      const response = await inviteAs(admin, payload);
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json().error.fields)).toContain('Please fill in all fields');
    }
    const bad = await inviteAs(admin, { email: 'not-an-address', role: 'agent' });
    expect(bad.json().error.fields.email).toBe('Please enter a valid email address');
    expect(await t.database.db.selectFrom('invitations').select('id').execute()).toHaveLength(0);
  });

  it('lets editors invite agents only, and agents no one', async () => {
    expect((await inviteAs(editor, { email: nextEmail(), role: 'agent' })).statusCode).toBe(201);
    expect((await inviteAs(editor, { email: nextEmail(), role: 'editor' })).statusCode).toBe(403);
    expect((await inviteAs(editor, { email: nextEmail(), role: 'admin' })).statusCode).toBe(403);
    expect((await inviteAs(agent, { email: nextEmail(), role: 'agent' })).statusCode).toBe(403);
  });

  it('refuses to invite an address that already has a user', async () => {
    const response = await inviteAs(admin, { email: agent.email.toUpperCase(), role: 'agent' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields.email).toBe('A user with this email already exists');
  });

  it('stores only a hash of the token, and lists the invitation as pending', async () => {
    const created = await invitation('editor');
    const stored = await t.database.db
      .selectFrom('invitations')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(tokenOf(created.link));
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const days = (new Date(created.expires_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const row = (await team()).find((m) => m.id === created.id)!;
    expect(row).toMatchObject({ kind: 'invitation', status: 'pending', role: 'editor', email: created.email, name: null });
    // Agents, who invite no one, see the users only.
    expect((await team(agent)).some((m) => m.kind === 'invitation')).toBe(false);
    expect((await team(editor)).some((m) => m.id === created.id)).toBe(true);
  });
});

describe('the invitation mail', () => {
  it('reaches a real SMTP server once, with a link that lets the person in', async () => {
    const smtp = await startSmtpPeer();
    const mailing = await createTestContext(
      { SMTP_URL: smtp.url, PUBLIC_URL: 'https://crm.example.com' },
      { jobs: { pollingIntervalSeconds: 0.5 } },
    );
    try {
      const boss = await mailing.createUser('admin', 'Mia Mailer');
      const company = {
        ...defaultSettings.company,
        name: 'Lone Star Motors',
        address: '100 Congress Ave, Austin, TX 78701',
        phone: '(512) 555-0100',
      };
      const saved = await mailing.call({
        method: 'PUT',
        url: '/api/settings',
        as: boss,
        payload: { ...defaultSettings, company },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const email = nextEmail();
      const response = await mailing.call({
        method: 'POST',
        url: '/api/team/invitations',
        as: boss,
        payload: { email, role: 'agent' },
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().sent).toBe(true);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toEqual([email]);
      expect(mail!.subject).toBe('You are invited to Lone Star Motors on Torque');
      expect(mail!.text).toContain('Mia Mailer invited you to join Lone Star Motors on Torque as Agent.');
      // The company's name, postal address and phone from the settings at the foot.
      expect(mail!.text).toContain('--\nLone Star Motors\n100 Congress Ave, Austin, TX 78701\n(512) 555-0100');
      const link = /https:\/\/crm\.example\.com\/invite\/([\w-]+)/.exec(mail!.text);
      expect(link?.[0]).toBe(response.json().link);
      const accepted = await mailing.call({
        method: 'POST',
        url: '/api/invitations/accept',
        payload: { token: link![1], name: 'Mo Mailed', password: PASSPHRASE },
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(smtp.received).toHaveLength(1);
    } finally {
      await mailing.close();
      await smtp.close();
    }
  });

  it('is not queued when the invitation is refused', async () => {
    const before = await t.database.db.selectFrom('outbox').select('id').execute();
    expect((await inviteAs(editor, { email: nextEmail(), role: 'admin', send: true })).statusCode).toBe(403);
    expect(await t.database.db.selectFrom('outbox').select('id').execute()).toHaveLength(before.length);
  });
});

describe('accepting an invitation', () => {
  it('creates the user with the invited role, signs them in, and uses the link up', async () => {
    const created = await invitation('editor');
    const preview = await t.call({ method: 'GET', url: `/api/invitations/${tokenOf(created.link)}` });
    expect(preview.json()).toMatchObject({ email: created.email, role: 'editor' });

    const response = await accept(tokenOf(created.link));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email: created.email, role: 'editor', name: 'Nora Newcomer' });
    const session = await t.call({ method: 'GET', url: '/api/session', as: cookieHeader(response.headers['set-cookie']) });
    expect(session.json().user.email).toBe(created.email);
    expect(await t.signIn(created.email, PASSPHRASE)).toBeTruthy();

    expect((await accept(tokenOf(created.link))).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/invitations/${tokenOf(created.link)}` })).statusCode).toBe(404);
    const member = (await team()).find((m) => m.email === created.email)!;
    expect(member).toMatchObject({ kind: 'user', status: 'active', role: 'editor' });
  });

  it('refuses an expired link', async () => {
    const created = await invitation();
    await t.database.db
      .updateTable('invitations')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('id', '=', created.id)
      .execute();
    expect((await t.call({ method: 'GET', url: `/api/invitations/${tokenOf(created.link)}` })).statusCode).toBe(404);
    expect((await accept(tokenOf(created.link))).statusCode).toBe(404);
    expect((await team()).some((m) => m.id === created.id)).toBe(false);
  });

  it('revokes the earlier link when the same address is invited again', async () => {
    const email = nextEmail();
    const first = await invitation('agent', email);
    const second = await invitation('agent', email.toUpperCase());
    expect((await accept(tokenOf(first.link))).statusCode).toBe(404);
    expect((await team()).filter((m) => m.email === email)).toHaveLength(1);
    expect((await accept(tokenOf(second.link))).statusCode).toBe(200);
  });

  it('is refused after the invitation is revoked', async () => {
    const created = await invitation();
    const revoke = await t.call({ method: 'DELETE', url: `/api/team/invitations/${created.id}`, as: admin });
    expect(revoke.statusCode).toBe(204);
    expect((await accept(tokenOf(created.link))).statusCode).toBe(404);
  });

  it('refuses short, overlong and common passwords and the e-mail address itself, and creates no user', async () => {
    const created = await invitation();
    const token = tokenOf(created.link);
    const cases: [string, string][] = [
      ['short', 'Password must be at least 8 characters'],
      ['x'.repeat(129), 'Password must be at most 128 characters'],
      ['password1', 'This password is too common. Choose one that is harder to guess.'],
      ['Baseball', 'This password is too common. Choose one that is harder to guess.'],
      [created.email, 'The password must not be your email address'],
    ];
    for (const [password, message] of cases) {
      const response = await accept(token, password);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().error.fields.password).toBe(message);
    }
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', created.email).execute()).toHaveLength(0);
    // 64 characters of anything, spaces included, is fine: no composition rules.
    expect((await accept(token, 'a'.repeat(30) + ' ' + 'b'.repeat(33))).statusCode).toBe(200);
  });

  it('creates one user when the same link is accepted twice at once', async () => {
    const created = await invitation();
    const results = await Promise.all([accept(tokenOf(created.link)), accept(tokenOf(created.link))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', created.email).execute()).toHaveLength(1);
  });
});

describe("the inviter's authority", () => {
  const usersWith = (email: string) => t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
  const previewOf = (token: string) => t.call({ method: 'GET', url: `/api/invitations/${token}` });

  async function invitedBy(inviter: TestUser, role: string) {
    const response = await inviteAs(inviter, { email: nextEmail(), role });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; email: string; link: string };
  }

  it("revokes a deactivated user's open invitations with the deactivation, so their admin invitation creates no admin", async () => {
    const inviter = await t.createUser('admin', 'Ivan Inviter');
    const sent = [await invitedBy(inviter, 'admin'), await invitedBy(inviter, 'agent')];
    const others = await invitation('admin');

    expect((await patch(admin, inviter.id, { status: 'inactive' })).statusCode).toBe(200);
    for (const created of sent) {
      expect((await previewOf(tokenOf(created.link))).statusCode).toBe(404);
      expect((await accept(tokenOf(created.link))).statusCode).toBe(404);
      expect(await usersWith(created.email)).toHaveLength(0);
    }
    const revoked = await t.database.db
      .selectFrom('audit_log')
      .select(['entity_id', 'actor_id'])
      .where('entity_type', '=', 'invitation')
      .where('action', '=', 'revoked')
      .where(
        'entity_id',
        'in',
        sent.map((c) => c.id),
      )
      .execute();
    expect(revoked).toHaveLength(2);
    expect(revoked.every((row) => row.actor_id === admin.id)).toBe(true);
    // Another admin's invitation is untouched.
    expect((await accept(tokenOf(others.link))).statusCode).toBe(200);
  });

  it('refuses, when it is accepted, an invitation whose inviter was deactivated after sending it', async () => {
    const inviter = await t.createUser('admin', 'Paula Parted');
    const created = await invitedBy(inviter, 'admin');
    // As for an invitation sent while its inviter was being deactivated: the row changed, the invitation still open.
    await t.database.db.updateTable('users').set({ banned: true }).where('id', '=', inviter.id).execute();

    const preview = await previewOf(tokenOf(created.link));
    expect(preview.statusCode).toBe(403);
    expect(preview.json().error).toEqual({ code: INVITATION_WITHDRAWN, message: invitationWithdrawnMessage('admin') });
    const refused = await accept(tokenOf(created.link));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe(INVITATION_WITHDRAWN);
    expect(await usersWith(created.email)).toHaveLength(0);
  });

  it("refuses an editor's agent invitation once the editor is demoted, and takes it again once they are editor again", async () => {
    const inviter = await t.createUser('editor', 'Dee Demoted');
    const created = await invitedBy(inviter, 'agent');
    expect((await patch(admin, inviter.id, { role: 'agent' })).statusCode).toBe(200);

    const preview = await previewOf(tokenOf(created.link));
    expect(preview.statusCode).toBe(403);
    expect(preview.json().error.message).toBe(
      'The person who invited you can no longer invite anyone as Agent, so this link no longer works. Ask an admin for a new invitation.',
    );
    expect((await accept(tokenOf(created.link))).statusCode).toBe(403);
    expect(await usersWith(created.email)).toHaveLength(0);

    // The inviter's right as it is when the link is used decides, not as it was.
    expect((await patch(admin, inviter.id, { role: 'editor' })).statusCode).toBe(200);
    expect((await accept(tokenOf(created.link))).statusCode).toBe(200);
  });

  it("holds an admin turned editor to the editor's rule: their agent invitation works, their admin one does not", async () => {
    const inviter = await t.createUser('admin', 'Ed Formerly Admin');
    const asAdmin = await invitedBy(inviter, 'admin');
    const asAgent = await invitedBy(inviter, 'agent');
    expect((await patch(admin, inviter.id, { role: 'editor' })).statusCode).toBe(200);

    expect((await accept(tokenOf(asAdmin.link))).statusCode).toBe(403);
    expect(await usersWith(asAdmin.email)).toHaveLength(0);
    const joined = await accept(tokenOf(asAgent.link));
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().user.role).toBe('agent');
  });
});

describe('activating, deactivating and roles', () => {
  it('ends a deactivated user’s session on its next request and refuses their sign-in until activated again', async () => {
    const victim = await t.createUser('agent', 'Dana Deactivated');
    expect((await t.call({ method: 'GET', url: '/api/customers', as: victim })).statusCode).toBe(200);
    const off = await patch(admin, victim.id, { status: 'inactive' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().status).toBe('inactive');
    expect((await t.call({ method: 'GET', url: '/api/customers', as: victim })).statusCode).toBe(401);
    await expect(t.signIn(victim.email)).rejects.toThrow(/403|401/);

    expect((await patch(admin, victim.id, { status: 'active' })).json().status).toBe('active');
    expect(await t.signIn(victim.email)).toBeTruthy();
  });

  it('lets editors (de)activate agents only and change no roles', async () => {
    const someone = await t.createUser('agent', 'Sam Someone');
    const other = await t.createUser('editor', 'Olive Other');
    expect((await patch(editor, someone.id, { status: 'inactive' })).statusCode).toBe(200);
    expect((await patch(editor, someone.id, { status: 'active' })).statusCode).toBe(200);
    expect((await patch(editor, other.id, { status: 'inactive' })).statusCode).toBe(403);
    expect((await patch(editor, someone.id, { role: 'editor' })).statusCode).toBe(403);
    expect((await patch(agent, someone.id, { status: 'inactive' })).statusCode).toBe(403);
    expect((await patch(admin, someone.id, { role: 'editor' })).json().role).toBe('editor');
  });

  it('refuses to deactivate oneself, whatever the role, and says why', async () => {
    const self = await t.createUser('admin', 'Sam Self');
    const editorSelf = await t.createUser('editor', 'Edie Self');
    for (const user of [self, editorSelf]) {
      const off = await t.call({
        method: 'PATCH',
        url: `/api/team/members/${user.id}`,
        as: user,
        payload: { status: 'inactive' },
      });
      expect(off.statusCode).toBe(user.role === 'admin' ? 409 : 403);
    }
    const off = await t.call({ method: 'PATCH', url: `/api/team/members/${self.id}`, as: self, payload: { status: 'inactive' } });
    expect(off.json().error.message).toBe('You cannot deactivate your own account');
    const row = await t.database.db.selectFrom('users').select('banned').where('id', '=', self.id).executeTakeFirstOrThrow();
    expect(row.banned).not.toBe(true);
  });

  it('keeps the last active admin: neither demoted nor deactivated', async () => {
    const fresh = await createTestContext();
    try {
      const only = await fresh.createUser('admin', 'Only Admin');
      const demote = await fresh.call({
        method: 'PATCH',
        url: `/api/team/members/${only.id}`,
        as: only,
        payload: { role: 'agent' },
      });
      expect(demote.statusCode).toBe(409);
      expect(demote.json().error.message).toBe('At least one active admin must remain');
      const off = await fresh.call({
        method: 'PATCH',
        url: `/api/team/members/${only.id}`,
        as: only,
        payload: { status: 'inactive' },
      });
      expect(off.statusCode).toBe(409);

      const second = await fresh.createUser('admin', 'Second Admin');
      // Two admins demoting each other at once: one succeeds, the other finds itself the last.
      const both = await Promise.all([
        fresh.call({ method: 'PATCH', url: `/api/team/members/${second.id}`, as: only, payload: { role: 'agent' } }),
        fresh.call({ method: 'PATCH', url: `/api/team/members/${only.id}`, as: second, payload: { role: 'agent' } }),
      ]);
      // The loser is refused as the last admin (409) or, when its own demotion landed first, as no longer an admin (403).
      const statuses = both.map((r) => r.statusCode).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const admins = await fresh.database.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('writes every change to the audit log', async () => {
    const someone = await t.createUser('agent', 'Audrey Audited');
    await patch(admin, someone.id, { status: 'inactive' });
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'actor_id'])
      .where('entity_id', '=', someone.id)
      .execute();
    expect(entries).toEqual([{ action: 'updated', actor_id: admin.id, changes: { status: { from: 'active', to: 'inactive' } } }]);
  });
});

describe('the team table', () => {
  it('counts each user’s deals and completed sales', async () => {
    const seller = await t.createUser('agent', 'Sally Seller');
    const year = new Date().getUTCFullYear();
    for (const [status, price] of [
      ['completed', 5_000_000],
      ['completed', 2_500_000],
      ['pending', 9_900_000],
    ] as const) {
      const response = await t.call({
        method: 'POST',
        url: '/api/deals',
        as: seller,
        payload: {
          date: `${year}-01-15`,
          manufacturer: 'BMW',
          model: 'X5',
          year,
          customer_name: 'Buyer',
          agent_name: 'Sally Seller',
          contract_price_cents: price,
          broker_fee_cents: 100_000,
          status,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const row = (await team(agent)).find((m) => m.id === seller.id)!;
    expect(row).toMatchObject({ deals_count: 3, total_sales_cents: 7_500_000, status: 'active', role: 'agent' });
    expect(row.last_login_at).not.toBeNull();
  });
});
