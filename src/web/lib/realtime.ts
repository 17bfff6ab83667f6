import { REALTIME_CLOSE, type RealtimeMessage } from '@shared/realtime/events';

/** Where the tab's socket stands: open, waiting to reopen, or refused for too many sockets until the tab is shown again. */
export type RealtimeStatus = 'connected' | 'reconnecting' | 'refused';

export type RealtimeHandlers = {
  onMessage: (message: RealtimeMessage) => void;
  /** The socket is (again) open: whatever happened while it was closed must be fetched. */
  onReady: () => void;
  /**
   * The server closed the socket because its session is over. Resolves true when the tab is still signed in under
   * another session (the server replaced it, as turning on two-factor sign-in does): the socket then opens again.
   */
  onSessionEnded: () => Promise<boolean>;
  /** Where the socket stands, for the panel's status line. */
  onStatus?: (status: RealtimeStatus) => void;
};

const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;

/**
 * The tab's one socket to `/api/realtime`, reopened after a drop with a growing, jittered pause (1 s, 2 s, 4 s … 30 s)
 * and at once when the browser comes back online. A socket refused for too many sockets is not retried on a timer, only
 * when the tab is shown again or the browser comes back online. Returns the function that closes it for good.
 */
export function connectRealtime(handlers: RealtimeHandlers): () => void {
  let socket: WebSocket | null = null;
  let stopped = false;
  let delay = FIRST_DELAY_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refused = false;

  const open = () => {
    clearTimeout(retry);
    if (stopped) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/realtime`;
    const current = new WebSocket(url);
    socket = current;
    current.onmessage = (event) => {
      let message: RealtimeMessage;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === 'ready') {
        delay = FIRST_DELAY_MS;
        handlers.onStatus?.('connected');
        handlers.onReady();
      } else handlers.onMessage(message);
    };
    current.onclose = (event) => {
      if (socket !== current) return;
      socket = null;
      refused = event.code === REALTIME_CLOSE.tooManySockets;
      handlers.onStatus?.(refused ? 'refused' : 'reconnecting');
      if (stopped || refused) return;
      if (event.code === REALTIME_CLOSE.sessionEnded) {
        void handlers.onSessionEnded().then((signedIn) => {
          if (signedIn && !stopped) {
            delay = FIRST_DELAY_MS;
            open();
          }
        });
        return;
      }
      retry = setTimeout(open, delay * (0.75 + Math.random() / 2));
      delay = Math.min(delay * 2, MAX_DELAY_MS);
    };
  };
  const online = () => {
    if (!socket) {
      delay = FIRST_DELAY_MS;
      open();
    }
  };
  const shown = () => {
    if (refused && document.visibilityState === 'visible') online();
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', shown);
  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', shown);
    socket?.close(1000, 'Tab closed the socket');
  };
}
