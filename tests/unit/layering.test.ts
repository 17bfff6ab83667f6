import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { cycles, serverImports } from '../../scripts/import-graph.js';

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
    ['src/server/net/example.ts', "import { x } from '../modules/webhooks/service.js';"],
    ['src/server/platform/example.ts', "import type { X } from '../modules/texting/carrier.js';"],
    ['src/server/modules/customers/example.ts', "import { x } from '../tasks/plans.js';"],
    ['src/server/modules/tasks/example.ts', "import type { X } from '../customers/service.js';"],
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
    ['src/server/modules/tasks/example.ts', "import { x } from '../customers/index.js';"],
    ['src/server/modules/tasks/example.ts', "import { x } from './plans.js';"],
    ['src/server/modules/tasks/example.ts', "import { x } from '../../platform/events.js';"],
    ['src/web/features/dashboard/example.tsx', "import { x } from '@/features/deals';"],
    ['src/web/features/dashboard/example.tsx', "import { x } from '@/features/auth/api';"],
    ['src/web/features/deals/example.tsx', "import { x } from '@/features/deals/deal-form';"],
    ['src/web/app/example.tsx', "import { x } from '@/features/deals/deals-page';"],
    ['src/shared/customers/example.ts', "import { x } from '../common/fields.js';"],
  ])('allows %s importing %s', async (file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});

describe('the server areas, read from their imports (type imports too)', () => {
  const edges = serverImports();
  const between = edges.filter(
    (edge) => !edge.from.startsWith('server/') && !edge.to.startsWith('server/') && edge.from !== 'entry',
  );

  it('form no cycle: a lower area announces an event where a higher one would be imported back', () => {
    expect(cycles(between)).toEqual([]);
    // Customers importing conversations, which imports customers, is the cycle this guards against.
    expect(cycles([...between, { from: 'customers', to: 'conversations' }])).toEqual([
      expect.arrayContaining(['conversations', 'customers']),
    ]);
  });

  it('are never imported by the platform or the infrastructure', () => {
    const upward = edges.filter(
      (edge) => edge.from.startsWith('server/') && !edge.to.startsWith('server/') && edge.to !== 'entry',
    );
    expect(upward.map((edge) => `${edge.file} → ${edge.specifier}`)).toEqual([]);
  });

  it('reach each other only through their front doors', () => {
    expect(between.filter((edge) => edge.internal).map((edge) => `${edge.file} → ${edge.specifier}`)).toEqual([]);
  });

  it('reach five others or fewer, typically', () => {
    const reach = new Map<string, Set<string>>();
    for (const { from, to } of between) reach.set(from, (reach.get(from) ?? new Set()).add(to));
    const areas = fs.readdirSync(path.resolve(import.meta.dirname, '../../src/server/modules'), { withFileTypes: true });
    const counts = areas.filter((entry) => entry.isDirectory()).map((entry) => reach.get(entry.name)?.size ?? 0);
    const median = counts.sort((a, b) => a - b)[Math.floor(counts.length / 2)]!;
    expect(median).toBeLessThanOrEqual(5);
  });
});
