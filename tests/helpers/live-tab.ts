import type { AddressInfo } from 'node:net';
import type { TestContext, TestUser } from './app.js';
import { openSocket, type TestSocket } from './socket.js';

/**
 * A signed-in tab of `user` on the test app, with its realtime socket open; the app starts listening on a free port the
 * first time one is asked for. Close it when done, or the app waits for it when closing.
 */
export async function liveTab(t: TestContext, user: TestUser): Promise<TestSocket> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return openSocket(`http://127.0.0.1:${port}`, user.cookie);
}

/** Whether a realtime message refreshes the customer lists. */
export const refreshesCustomers = (message: { type: string; area?: string }) =>
  message.type === 'change' && message.area === 'customers';
