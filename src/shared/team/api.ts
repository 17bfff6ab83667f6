import type { Session } from '../auth/sign-in.js';
import { defineApi, del, get, patch, post } from '../http/contract.js';
import { acceptInvitationSchema, inviteSchema, memberUpdateSchema } from './schemas.js';
import type { CreatedInvitation, InvitationPreview, TeamMember } from './types.js';

/** The team's routes the web calls: its members and invitations, and the invitation link a newcomer follows. */
export const teamApi = defineApi('team', {
  members: get('/api/team').returns<{ members: TeamMember[] }>(),
  invite: post('/api/team/invitations', { body: inviteSchema }).returns<CreatedInvitation>(),
  revokeInvitation: del('/api/team/invitations/:id').returns(),
  updateMember: patch('/api/team/members/:id', { body: memberUpdateSchema }).returns<TeamMember>(),
  invitation: get('/api/invitations/:token').returns<InvitationPreview>(),
  acceptInvitation: post('/api/invitations/accept', { body: acceptInvitationSchema }).returns<Session>(),
});
