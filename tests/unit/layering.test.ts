import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The import directions of the layout, as lint keeps them: a file that breaks one fails `npm run lint`. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function restricted(filePath: string, code: string) {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import boundaries', () => {
  it.each([
    ['src/shared/customers/example.ts', "import { x } from '../../server/db/schema.js';"],
    ['src/shared/customers/example.ts', "import { x } from '@/lib/format';"],
    ['src/server/modules/customers/example.ts', "import { x } from '../../../web/lib/format';"],
    ['src/server/http/example.ts', "import { x } from '../modules/customers/service.js';"],
    ['src/server/storage/example.ts', "import { x } from '../modules/documents/service.js';"],
    ['src/server/jobs/example.ts', "import { x } from '../modules/outbox/service.js';"],
    ['src/server/mail/example.ts', "import { x } from '../modules/users/service.js';"],
    ['src/server/platform/example.ts', "import { x } from '../modules/customers/index.js';"],
    ['src/server/net/example.ts', "import { x } from '../modules/webhooks/post.js';"],
    ['src/web/features/customers/example.ts', "import { x } from '../../../server/db/schema.js';"],
    ['src/web/components/example.tsx', "import { x } from '@/features/customers/api';"],
    ['src/web/lib/example.ts', "import { x } from '@/app/router';"],
    ['src/web/features/dashboard/example.tsx', "import { x } from '@/features/deals/deal-status-badge';"],
    ['src/web/features/deals/example.tsx', "import { x } from '@/app/shell/app-shell';"],
  ])('refuses %s importing %s', async (file, code) => {
    expect(await restricted(file, code)).toHaveLength(1);
  });

  it.each([
    ['src/server/modules/customers/example.ts', "import { x } from '../../../shared/common/fields.js';"],
    ['src/server/app.ts', "import { x } from './modules/customers/routes.js';"],
    ['src/web/features/dashboard/example.tsx', "import { x } from '@/features/deals';"],
    ['src/web/features/dashboard/example.tsx', "import { x } from '@/features/auth/api';"],
    ['src/web/features/deals/example.tsx', "import { x } from '@/features/deals/deal-form';"],
    ['src/web/app/example.tsx', "import { x } from '@/features/deals/deals-page';"],
    ['src/shared/customers/example.ts', "import { x } from '../common/fields.js';"],
  ])('allows %s importing %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
