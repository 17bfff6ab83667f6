import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/auth/actor.js';
import { hasRole, requireRole, roleRefusals, seesAll } from '../../src/server/auth/scope.js';
import { AppError } from '../../src/server/http/errors.js';
import type { Role } from '../../src/shared/users/roles.js';
import { can, permissions } from '../../src/shared/users/permissions.js';

const actor = (role: Role): Actor => ({
  userId: 'u',
  sessionId: 's',
  role,
  name: 'N',
  email: 'n@example.com',
  impersonatorId: null,
  inventory: 'own',
});

describe('what a role may do', () => {
  it.each([
    ['admin', true, true],
    ['editor', false, true],
    ['agent', false, false],
  ] as const)('gives %s admin: %s, editor: %s', (role, admin, editor) => {
    expect(hasRole(actor(role), 'admin')).toBe(admin);
    expect(hasRole(actor(role), 'editor')).toBe(editor);
    expect(seesAll(actor(role))).toBe(editor);
  });

  it('refuses with 403 and the one message of the capability', () => {
    for (const capability of ['admin', 'editor'] as const) {
      const refusal = (() => {
        try {
          requireRole(actor('agent'), capability);
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(AppError);
      expect(refusal).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: roleRefusals[capability] });
    }
    expect(() => requireRole(actor('admin'), 'admin')).not.toThrow();
    expect(() => requireRole(actor('editor'), 'editor')).not.toThrow();
  });
});

describe('the permissions table', () => {
  it.each([
    ['admin', ['editSettings', 'readOutbox', 'switchUser', 'fullExport', 'adminChatChannel', 'manageTeam', 'manageAgents']],
    ['editor', ['manageAgents', 'seeAllRecords']],
    ['agent', ['beSwitchedTo']],
  ] as const)('lets %s do exactly what its rows name among these', (role, allowed) => {
    const asked = [
      'editSettings',
      'readOutbox',
      'switchUser',
      'fullExport',
      'adminChatChannel',
      'manageTeam',
      'manageAgents',
    ] as const;
    for (const action of asked) expect(can({ role }, action), action).toBe((allowed as readonly string[]).includes(action));
    for (const action of allowed) expect(can({ role }, action), action).toBe(true);
  });

  it('is what the server asks: its two capabilities are rows of the table', () => {
    for (const role of ['admin', 'editor', 'agent'] as const)
      for (const capability of ['admin', 'editor'] as const)
        expect(hasRole(actor(role), capability)).toBe((permissions[capability] as readonly string[]).includes(role));
  });
});
