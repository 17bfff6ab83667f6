/** What one tab tells the others about the session they share through the cookie. */
export type SessionMessage = 'ended' | 'changed';

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('torque-session');

export function tellOtherTabs(message: SessionMessage) {
  channel?.postMessage(message);
}

export function onOtherTabs(listener: (message: SessionMessage) => void): () => void {
  const handle = (event: MessageEvent) => {
    if (event.data === 'ended' || event.data === 'changed') listener(event.data);
  };
  channel?.addEventListener('message', handle);
  return () => channel?.removeEventListener('message', handle);
}
