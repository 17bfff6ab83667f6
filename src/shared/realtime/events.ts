import type { ChatMessage } from '../chat/types.js';
import type { Notification } from '../notifications/types.js';
import { sharedAreaNames, sharedAreas } from '../areas.js';

type Areas = typeof sharedAreas;

/** Areas whose lists a realtime event may refresh in the browser: those that declare `realtime`. */
export type RealtimeArea = { [K in keyof Areas]: Areas[K] extends { realtime: object } ? K : never }[keyof Areas];
export const realtimeAreas: readonly RealtimeArea[] = sharedAreaNames.filter(
  (name): name is RealtimeArea => 'realtime' in sharedAreas[name],
);
/** Areas whose every record admins and editors see: a change reaches their tabs as well as the owners'. */
export const seenByAllAreas: readonly RealtimeArea[] = realtimeAreas.filter((name) => sharedAreas[name].realtime.seenByAll);

/** What the server sends a browser tab over `/api/realtime`, one JSON text frame each. */
export type RealtimeMessage =
  /** The socket is open and authenticated; a tab that was reconnecting fetches what it missed. */
  | { type: 'ready' }
  /** A message in one of the user's chats. */
  | { type: 'message'; message: ChatMessage }
  /** The user's chats changed: a chat created, joined or left. */
  | { type: 'chats' }
  | { type: 'notification'; notification: Notification }
  /** Notifications were marked read in another tab. */
  | { type: 'notifications' }
  /** Records of an area changed in a way this user sees (a deal assigned to them): its lists are read again. */
  | { type: 'change'; area: RealtimeArea }
  /** The user's role or status changed: read the session again. */
  | { type: 'session_changed' }
  /** The session is over (signed out, expired, the user deactivated); the socket closes after this. */
  | { type: 'session_ended' };

/**
 * Close codes of the realtime socket: the session ended (do not reconnect), the origin was refused, or the session or
 * its user already has as many sockets as `REALTIME_SOCKET_LIMITS` allow (do not retry on a timer).
 */
export const REALTIME_CLOSE = { sessionEnded: 4401, forbiddenOrigin: 4403, tooManySockets: 4429 } as const;

/** Open sockets a session, and a user over all their sessions, may hold in one Torque process. */
export const REALTIME_SOCKET_LIMITS = { perSession: 10, perUser: 30 } as const;

/** What a tab refused a socket for too many shows in place of live updates, and its longer explanation. */
export const TOO_MANY_SOCKETS_MESSAGE = 'Too many tabs open';
export const TOO_MANY_SOCKETS_HINT = 'Live updates are paused in this tab. Close other Torque tabs, then come back to this one.';
