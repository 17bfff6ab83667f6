import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AcceptInvitationInput, InviteInput, MemberUpdate } from '../../../shared/team/schemas.js';
import {
  INVITATION_DAYS,
  deactivationRefusal,
  INVITATION_WITHDRAWN,
  invitableRoles,
  LAST_ADMIN,
  invitationWithdrawnMessage,
  mayInvite,
  mayManage,
} from '../../../shared/team/rules.js';
import type { CreatedInvitation, InvitationPreview, TeamMember } from '../../../shared/team/types.js';
import { roleLabels, type Role } from '../../../shared/users/roles.js';
import type { Actor } from '../../auth/actor.js';
import { hashPassword } from '../../auth/passwords.js';
import { requireRole } from '../../auth/scope.js';
import type { DB } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { publishChange } from '../../realtime/publish.js';
import { recordAudit } from '../../platform/audit.js';
import { notify } from '../../platform/notifications.js';
import { insertUserWithPassword } from '../../platform/users.js';
import { completedSalesByAgent, dealsByAgent } from '../deals/index.js';
import { getSetting, mailFooter } from '../../platform/settings.js';
import type { Settings } from '../../../shared/settings/schemas.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { importCommonJs, onFirstUse } from '../../first-use.js';
import { hashLinkToken } from '../../auth/link-token.js';
import { can } from '../../../shared/users/permissions.js';

type Db = Kysely<DB>;

const active = sql<boolean>`u.banned IS NOT TRUE`;

/**
 * Every user, with each one's last sign-in, Total Sales and Deals (all time, shared/analytics/agent-figures.ts), and
 * the open invitations for those who may invite.
 */
export async function listTeam(db: Db, actor: Actor): Promise<TeamMember[]> {
  const [users, sales, deals] = await Promise.all([
    db
      .selectFrom('users as u')
      .select(['u.id', 'u.name', 'u.email', 'u.role', 'u.last_login_at', sql<boolean>`${active}`.as('is_active')])
      .orderBy('u.name')
      .execute(),
    completedSalesByAgent(db, null),
    dealsByAgent(db),
  ]);
  const salesOf = new Map(sales.map((row) => [row.user_id, row.gross_cents]));
  const invitations =
    invitableRoles(actor.role).length === 0
      ? []
      : await openInvitations(db).select(['i.id', 'i.email', 'i.role', 'i.expires_at']).orderBy('i.email').execute();
  return [
    ...users.map((u): TeamMember => ({
      id: u.id,
      kind: 'user',
      name: u.name,
      email: u.email,
      role: u.role,
      status: u.is_active ? 'active' : 'inactive',
      last_login_at: u.last_login_at?.toISOString() ?? null,
      total_sales_cents: salesOf.get(u.id) ?? 0,
      deals_count: deals.get(u.id) ?? 0,
      expires_at: null,
    })),
    ...invitations.map((i): TeamMember => ({
      id: i.id,
      kind: 'invitation',
      name: null,
      email: i.email,
      role: i.role,
      status: 'pending',
      last_login_at: null,
      total_sales_cents: 0,
      deals_count: 0,
      expires_at: i.expires_at.toISOString(),
    })),
  ];
}

const openInvitations = (db: Db) =>
  db
    .selectFrom('invitations as i')
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', sql<Date>`now()`);

/**
 * Invites `email` as `role`: a single-use link valid for INVITATION_DAYS, its token stored hashed. An open invitation
 * of the same address is revoked. With `send`, the link is mailed through the queue in the same transaction.
 */
export async function invite(
  db: Db,
  mailer: Mailer,
  actor: Actor,
  input: Required<InviteInput>,
  origin: string,
): Promise<CreatedInvitation> {
  requireRole(actor, 'editor');
  if (!mayInvite(actor.role, input.role)) throw forbidden('Editors can invite agents only');
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, '=', input.email)
    .executeTakeFirst();
  if (existing)
    throw new AppError(409, 'CONFLICT', 'A user with this email already exists', {
      email: 'A user with this email already exists',
    });

  const token = crypto.randomBytes(32).toString('base64url');
  const link = `${origin}/invite/${token}`;
  return db.transaction().execute(async (tx) => {
    const revoked = await tx
      .updateTable('invitations')
      .set({ revoked_at: sql`now()` })
      .where(sql`lower(email)`, '=', input.email)
      .where('accepted_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .execute();
    const invitation = await tx
      .insertInto('invitations')
      .values({
        email: input.email,
        role: input.role,
        token_hash: hashLinkToken(token),
        invited_by: actor.userId,
        expires_at: sql<Date>`now() + make_interval(days => ${INVITATION_DAYS})`,
      })
      .returning(['id', 'email', 'role', 'expires_at'])
      .executeTakeFirstOrThrow();
    await recordAudit(tx, actor, {
      entityType: 'invitation',
      entityId: invitation.id,
      action: 'created',
      changes: { email: input.email, role: input.role, sent: input.send, revoked: revoked.map((r) => r.id) },
    });
    if (input.send) {
      const company = await getSetting(tx, 'company');
      await mailer.queue(tx, invitationMail(actor.name, company, input.email, input.role, link), actor.userId);
    }
    await publishChange(tx, 'team', []);
    return {
      ...invitation,
      expires_at: invitation.expires_at.toISOString(),
      link,
      sent: input.send,
      held: input.send && mailer.holding,
    };
  });
}

function invitationMail(inviter: string, company: Settings['company'], to: string, role: Role, link: string): MailMessage {
  return {
    to,
    subject: `You are invited to ${company.name} on Torque`,
    text: [
      `${inviter} invited you to join ${company.name} on Torque as ${roleLabels[role]}.`,
      '',
      `Choose your name and password here (the link works once, for ${INVITATION_DAYS} days):`,
      link,
      '',
      'If you did not expect this invitation, you can ignore this e-mail.',
      '',
      mailFooter(company),
    ].join('\n'),
  };
}

export async function revokeInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const invitation = await openInvitations(tx).select(['i.id', 'i.role']).where('i.id', '=', id).forUpdate().executeTakeFirst();
    if (!invitation) throw notFound('Invitation');
    requireRole(actor, 'editor');
    if (!mayManage(actor.role, invitation.role)) throw forbidden('Editors can manage agents only');
    await tx
      .updateTable('invitations')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await recordAudit(tx, actor, { entityType: 'invitation', entityId: id, action: 'revoked' });
    await publishChange(tx, 'team', []);
  });
}

/**
 * Activates, deactivates or changes the role of a user. Deactivating ends their sessions at once (a trigger of
 * migration 008). The last active admin can be neither deactivated nor given another role.
 */
export async function updateMember(db: Db, actor: Actor, id: string, input: MemberUpdate): Promise<TeamMember> {
  await db.transaction().execute(async (tx) => {
    // Every active admin row is locked, so two admins demoting each other at once cannot both succeed.
    const admins = await tx
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'admin')
      .where('banned', 'is not', true)
      .orderBy('id')
      .forUpdate()
      .execute();
    const member = await tx
      .selectFrom('users')
      .select(['id', 'role', 'banned'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!member) throw notFound('User');
    requireRole(actor, 'editor');
    if (!mayManage(actor.role, member.role)) throw forbidden('Editors can manage agents only');
    if (input.role !== undefined && input.role !== member.role) requireRole(actor, 'admin');
    if (input.status === 'inactive' && member.banned !== true) {
      const refusal = deactivationRefusal(actor.userId, member, admins.length);
      if (refusal) throw conflict(refusal);
    }
    const wasActiveAdmin = can(member, 'admin') && member.banned !== true;
    const staysActiveAdmin =
      can({ role: input.role ?? member.role }, 'admin') && (input.status ?? (member.banned ? 'inactive' : 'active')) === 'active';
    if (wasActiveAdmin && !staysActiveAdmin && admins.length <= 1) throw conflict(LAST_ADMIN);

    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const set: { role?: Role; banned?: boolean; ban_reason?: string | null } = {};
    if (input.role !== undefined && input.role !== member.role) {
      set.role = input.role;
      changes.role = { from: member.role, to: input.role };
    }
    const isActive = member.banned !== true;
    if (input.status !== undefined && (input.status === 'active') !== isActive) {
      set.banned = input.status === 'inactive';
      set.ban_reason = input.status === 'inactive' ? `Deactivated by ${actor.name}` : null;
      changes.status = { from: isActive ? 'active' : 'inactive', to: input.status };
    }
    if (Object.keys(changes).length === 0) return;
    await tx.updateTable('users').set(set).where('id', '=', id).execute();
    await recordAudit(tx, actor, { entityType: 'user', entityId: id, action: 'updated', changes });
    if (set.banned) await revokeInvitationsBy(tx, actor, id);
    await publishChange(tx, 'team', [id]);
  });
  const member = (await listTeam(db, actor)).find((m) => m.kind === 'user' && m.id === id);
  if (!member) throw notFound('User');
  return member;
}

/** Revokes the open invitations a user sent, as they are deactivated: a deactivated user invites no one. */
async function revokeInvitationsBy(tx: Db, actor: Actor, userId: string) {
  const revoked = await tx
    .updateTable('invitations')
    .set({ revoked_at: sql`now()` })
    .where('invited_by', '=', userId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  for (const { id } of revoked) {
    await recordAudit(tx, actor, {
      entityType: 'invitation',
      entityId: id,
      action: 'revoked',
      changes: { inviter_deactivated: true },
    });
  }
}

const INVALID_INVITATION = 'This invitation link is not valid. It may have expired, been used, or been replaced by a newer one.';

/** The role and status, as they are now, of the user who sent the invitation of a link. */
const inviterOf = (db: Db, token: string) =>
  db
    .selectFrom('users')
    .select(['role', 'banned'])
    .where('id', '=', (eb) => eb.selectFrom('invitations').select('invited_by').where('token_hash', '=', hashLinkToken(token)));

type Inviter = { role: Role; banned: boolean | null } | undefined;

/** An invitation works only while its inviter could still make it: active, and allowed to invite its role. */
function refuseWithdrawn(role: Role, inviter: Inviter) {
  if (!inviter || inviter.banned === true || !mayInvite(inviter.role, role)) {
    throw new AppError(403, INVITATION_WITHDRAWN, invitationWithdrawnMessage(role));
  }
}

export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const invitation = await openInvitations(db)
    .select(['i.email', 'i.role', 'i.expires_at'])
    .where('i.token_hash', '=', hashLinkToken(token))
    .executeTakeFirst();
  if (!invitation) throw new AppError(404, 'NOT_FOUND', INVALID_INVITATION);
  refuseWithdrawn(invitation.role, await inviterOf(db, token).executeTakeFirst());
  return { ...invitation, expires_at: invitation.expires_at.toISOString() };
}

/** The list of common passwords, read on first use (loading its dictionaries slowed every start). */
const commonPasswords = onFirstUse(async () => {
  const { dictionary } = await importCommonJs(() => import('@zxcvbn-ts/language-common'));
  return new Set(dictionary['passwords-common']);
});

/** Refuses the most common passwords and the user's own e-mail address (NIST SP 800-63B 3.1.1.2). */
async function passwordProblem(password: string, email: string): Promise<string | null> {
  const lower = password.toLowerCase();
  if ((await commonPasswords()).has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const local = email.split('@')[0] ?? '';
  if (lower === email.toLowerCase() || (local.length >= 4 && lower === local.toLowerCase())) {
    return 'The password must not be your email address';
  }
  return null;
}

/** Creates the invited user with the chosen name and password and uses the invitation up; the new user's e-mail. */
export async function acceptInvitation(db: Db, input: AcceptInvitationInput): Promise<{ userId: string; email: string }> {
  const preview = await previewInvitation(db, input.token);
  const problem = await passwordProblem(input.password, preview.email);
  if (problem) throw badRequest(problem, { password: problem });
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    // The inviter is locked before the invitation, in the order a deactivation locks them, so the two cannot deadlock.
    const inviter = await inviterOf(tx, input.token).forShare().executeTakeFirst();
    // Locked and read again: of two tabs accepting at once, one creates the user and the other finds the link used.
    const invitation = await openInvitations(tx)
      .select(['i.id', 'i.email', 'i.role', 'i.invited_by'])
      .where('i.token_hash', '=', hashLinkToken(input.token))
      .forUpdate()
      .executeTakeFirst();
    if (!invitation) throw new AppError(404, 'NOT_FOUND', INVALID_INVITATION);
    refuseWithdrawn(invitation.role, inviter);
    const taken = await tx
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', invitation.email.toLowerCase())
      .executeTakeFirst();
    if (taken) throw conflict('A user with this email already exists');
    const userId = await insertUserWithPassword(
      tx,
      { name: input.name, email: invitation.email, role: invitation.role },
      passwordHash,
    );
    await tx
      .updateTable('invitations')
      .set({ accepted_at: sql`now()` })
      .where('id', '=', invitation.id)
      .execute();
    const newcomer: Actor = {
      userId,
      sessionId: '',
      role: invitation.role,
      name: input.name,
      email: invitation.email,
      impersonatorId: null,
      // Nothing the newcomer does here reads vehicles.
      inventory: 'own',
    };
    await recordAudit(tx, newcomer, {
      entityType: 'invitation',
      entityId: invitation.id,
      action: 'accepted',
      changes: { user_id: userId },
    });
    await notify(tx, newcomer, {
      event: 'invitation_accepted',
      ownerIds: invitation.invited_by ? [invitation.invited_by] : [],
      title: 'Invitation accepted',
      content: `${input.name} (${invitation.email}) joined as ${roleLabels[invitation.role]}`,
      link: '/users',
    });
    await publishChange(tx, 'team', []);
    return { userId, email: invitation.email };
  });
}
