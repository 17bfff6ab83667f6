import { defineArea, type AreaDeps } from '../../platform/area.js';
import { createMailboxReaders, type MailboxReaders } from './reader.js';
import { mailboxesRoutes } from './routes.js';

/** Each app's mailbox readers: its routes wake them when a mailbox is saved, and its job starts and stops them. */
const readersOf = new WeakMap<AreaDeps, MailboxReaders>();
function readersFor(deps: AreaDeps) {
  let readers = readersOf.get(deps);
  if (!readers) {
    readers = createMailboxReaders(deps.database.db, {
      encryption: deps.encryption,
      log: deps.log,
      instanceId: deps.instance.id,
      store: deps.store,
      spool: deps.spool,
      uploadMaxBytes: deps.config.uploadMaxBytes,
      privateHosts: deps.config.mailboxPrivateHosts,
      resolve: deps.resolve,
    });
    readersOf.set(deps, readers);
  }
  return readers;
}

export const mailboxesArea = defineArea({
  name: 'mailboxes',
  routes: (api, deps) => mailboxesRoutes(readersFor(deps))(api, deps),
  services: [
    {
      name: 'mailbox-readers',
      register: (deps) => {
        const readers = readersFor(deps);
        return { start: async () => readers.start(), stop: readers.stop };
      },
    },
  ],
  changes: ['mailboxes'],
  exportTables: { mailboxes: { omit: { secret: 'the mailbox password or access token, sealed' } } },
});
