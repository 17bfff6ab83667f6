import { describe, expect, it } from 'vitest';
import type { Actor } from '../../src/server/auth/actor.js';
import { hasRole, requireRole, roleRefusals, seesAll } from '../../src/server/auth/scope.js';
import { AppError } from '../../src/server/http/errors.js';
import type { Role } from '../../src/shared/users/roles.js';

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
