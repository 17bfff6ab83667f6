import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import {
  REALTIME_CLOSE,
  REALTIME_SOCKET_LIMITS,
  realtimeAreas,
  seenByAllAreas,
  type RealtimeArea,
  type RealtimeMessage,
} from '../../shared/realtime/events.js';
import { seesAllRecords, type Role } from '../../shared/users/roles.js';
import { liveSessions, type Actor } from '../auth/actor.js';
import type { Database, Listener } from '../db/connection.js';
import { REALTIME_CHANNEL } from './publish.js';

/** What one event gives the users with a socket here. */
export type Delivery = { userIds: Iterable<string>; message: RealtimeMessage };
/**
 * Turns an event an area published into deliveries. `connected` are the users with a socket in this process: the
 * handler reads, in one query, what each of them may see, and nobody else's.
 */
export type EventHandler = (data: Record<string, unknown>, connected: string[]) => Promise<Delivery[]>;

type Client = { socket: WebSocket; userId: string; sessionId: string; role: Role; alive: boolean; expiry?: NodeJS.Timeout };

const OPEN = 1;
/** Sockets are pinged this often; one that has not answered the last ping is dropped. */
const HEARTBEAT_MS = 25_000;
/** Every socket's session is checked again this often, in case a notification was missed. */
const SWEEP_MS = 30_000;

export type Realtime = ReturnType<typeof createRealtime>;

function send(client: Client, message: RealtimeMessage) {
  if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(message));
}

/** The sockets of this process, by the user who opened them. */
function socketsByUser() {
  const byUser = new Map<string, Set<Client>>();
  return {
    all: () => [...byUser.values()].flatMap((set) => [...set]),
    of: (userId: string) => [...(byUser.get(userId) ?? [])],
    users: () => [...byUser.keys()],
    isEmpty: () => byUser.size === 0,
    add(client: Client) {
      const set = byUser.get(client.userId) ?? new Set();
      set.add(client);
      byUser.set(client.userId, set);
    },
    drop(client: Client) {
      clearTimeout(client.expiry);
      const set = byUser.get(client.userId);
      set?.delete(client);
      if (set?.size === 0) byUser.delete(client.userId);
    },
    /**
     * Whether the actor's session or user already holds as many sockets as allowed. Counted in this process only: its
     * sockets live in its memory, and a count kept in PostgreSQL would outlive a process that died holding sockets.
     */
    full({ userId, sessionId }: Actor) {
      const open = [...(byUser.get(userId) ?? [])];
      return (
        open.length >= REALTIME_SOCKET_LIMITS.perUser ||
        open.filter((client) => client.sessionId === sessionId).length >= REALTIME_SOCKET_LIMITS.perSession
      );
    },
  };
}
type Sockets = ReturnType<typeof socketsByUser>;

/** Tells the socket its session has ended, and closes it. */
function endSession(sockets: Sockets, client: Client) {
  send(client, { type: 'session_ended' });
  client.socket.close(REALTIME_CLOSE.sessionEnded, 'Session ended');
  sockets.drop(client);
}

/** Closes the sockets whose session no longer signs in; the others are timed to close when theirs expires. */
function sessionCheck(database: Database, log: FastifyBaseLogger, sockets: Sockets) {
  return async function check(list: Client[]): Promise<Client[]> {
    const live = await liveSessions(database.db, [...new Set(list.map((c) => c.sessionId))]);
    const kept: Client[] = [];
    for (const client of list) {
      const session = live.get(client.sessionId);
      if (!session) {
        endSession(sockets, client);
        continue;
      }
      // A user given another role gets the changes of that role's records from now on.
      client.role = session.role;
      const until = session.until;
      clearTimeout(client.expiry);
      const wait = Math.min(Math.max(until.getTime() - Date.now(), 0) + 50, 2 ** 31 - 1);
      client.expiry = setTimeout(
        () => void check([client]).catch((error) => log.warn({ err: error }, 'Session check failed')),
        wait,
      );
      kept.push(client);
    }
    return kept;
  };
}

/**
 * A change to an area's records, told to the sockets of its owners (or of everyone), and to admins and editors where
 * the area is one they see all of.
 */
function announceChange(sockets: Sockets, data: Record<string, unknown>) {
  const area = data.area as RealtimeArea;
  const everyone = data.ownerIds === 'all';
  if (!realtimeAreas.includes(area) || (!everyone && !Array.isArray(data.ownerIds))) return;
  const owners = new Set(everyone ? [] : (data.ownerIds as unknown[]).map(String));
  const toAll = seenByAllAreas.includes(area);
  for (const client of sockets.all())
    if (everyone || owners.has(client.userId) || (toAll && seesAllRecords(client.role))) send(client, { type: 'change', area });
}

/** Pings every socket; one that has not answered the last ping is dropped. */
function heartbeat(sockets: Sockets) {
  for (const client of sockets.all()) {
    if (!client.alive) {
      client.socket.terminate();
      sockets.drop(client);
      continue;
    }
    client.alive = false;
    client.socket.ping();
  }
}

/**
 * The sockets of this process and the events of every process. Areas publish events in their transactions
 * (`publish.ts`); each process hears them through LISTEN, asks the area's handler what its connected users receive,
 * and sends it. Sessions are the hub's own business: a deleted session closes its sockets at once, a user changed
 * (deactivated, another role) has theirs checked again, and each socket closes when its session expires.
 */
export function createRealtime(database: Database, log: FastifyBaseLogger) {
  const sockets = socketsByUser();
  const check = sessionCheck(database, log, sockets);
  const handlers = new Map<string, EventHandler>();
  const sessionWatchers: (() => void)[] = [];
  let listener: Listener | null = null;
  let timers: NodeJS.Timeout[] = [];
  // Events are handled one after another, so a chat's messages reach a socket in the order they were sent.
  let queue: Promise<void> = Promise.resolve();

  async function handle(kind: string, data: Record<string, unknown>) {
    if (kind === 'session' || kind === 'user') sessionWatchers.forEach((watcher) => watcher());
    if (sockets.isEmpty()) return;
    if (kind === 'session') {
      for (const client of sockets.all()) if (client.sessionId === data.sessionId) endSession(sockets, client);
      return;
    }
    if (kind === 'user') {
      const kept = await check(sockets.of(String(data.userId)));
      for (const client of kept) {
        send(client, { type: 'session_changed' });
        send(client, { type: 'chats' });
      }
      return;
    }
    if (kind === 'change') return announceChange(sockets, data);
    const handler = handlers.get(kind);
    if (!handler) return;
    for (const delivery of await handler(data, sockets.users())) {
      for (const userId of delivery.userIds) for (const client of sockets.of(userId)) send(client, delivery.message);
    }
  }

  function receive(payload: string) {
    let event: { kind: string; data: Record<string, unknown> };
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    queue = queue
      .then(() => handle(event.kind, event.data ?? {}))
      .catch((error) => log.error({ err: error, kind: event.kind }, 'A realtime event could not be delivered'));
  }

  return {
    /** How `kind` events reach users; each area registers its own while the app is built. */
    on(kind: string, handler: EventHandler) {
      handlers.set(kind, handler);
    },

    /**
     * Takes a socket opened by a signed-in actor; it is told `ready` once its session is confirmed, or closed at once
     * when its session or user is at `REALTIME_SOCKET_LIMITS`.
     */
    async attach(socket: WebSocket, actor: Actor) {
      if (sockets.full(actor)) {
        socket.close(REALTIME_CLOSE.tooManySockets, 'Too many sockets');
        return;
      }
      const client: Client = { socket, userId: actor.userId, sessionId: actor.sessionId, role: actor.role, alive: true };
      sockets.add(client);
      socket.on('pong', () => (client.alive = true));
      socket.on('close', () => sockets.drop(client));
      socket.on('error', () => sockets.drop(client));
      // The browser has nothing to say on this socket; anything it sends is ignored.
      socket.on('message', () => {});
      const [kept] = await check([client]);
      if (kept) send(kept, { type: 'ready' });
    },

    /**
     * Calls `watcher` when any process ends a session or changes a user (role, deactivation), and when events may have
     * been missed.
     */
    onSessionChange(watcher: () => void) {
      sessionWatchers.push(watcher);
    },

    /** The number of sockets open in this process. */
    get connections() {
      return sockets.all().length;
    },

    async start() {
      listener = await database.listen(REALTIME_CHANNEL, {
        onMessage: receive,
        // Events were missed while the connection was away: sessions are checked again, and every tab fetches anew.
        onResume: () => {
          sessionWatchers.forEach((watcher) => watcher());
          void check(sockets.all()).then((kept) => kept.forEach((client) => send(client, { type: 'ready' })));
        },
      });
      timers = [
        setInterval(() => heartbeat(sockets), HEARTBEAT_MS),
        setInterval(() => void check(sockets.all()).catch((error) => log.warn({ err: error }, 'Session sweep failed')), SWEEP_MS),
      ];
      for (const timer of timers) timer.unref();
    },

    async stop() {
      for (const timer of timers) clearInterval(timer);
      await listener?.stop();
      for (const client of sockets.all()) {
        client.socket.close(1001, 'Server stopping');
        sockets.drop(client);
      }
      await queue;
    },
  };
}
