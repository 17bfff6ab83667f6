import { PassThrough, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Aborted when the client goes away before the response has been sent in full: a cancelled download, a closed tab. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  const left = () => {
    if (!reply.raw.writableFinished) gone.abort(new Error('The download was cancelled'));
  };
  if (reply.raw.closed) left();
  else reply.raw.once('close', left);
  return gone.signal;
}

/**
 * The body of a download written while it is sent: `write` is given the body and a signal aborted when the client
 * goes away, and must stop and let go of what it holds then. The status is already sent when `write` fails: the
 * connection is cut, so the browser reports a failed download rather than saving a file that silently ends early.
 */
export function streamedDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  what: string,
  write: (body: Writable, signal: AbortSignal) => Promise<unknown>,
): PassThrough {
  const body = new PassThrough();
  const signal = clientGone(reply);
  write(body, signal).catch((error: Error) => {
    if (!signal.aborted) request.log.error({ err: error }, `${what} failed; the download was cut off`);
    body.destroy(error);
  });
  return body;
}

/**
 * What a writer of a streamed file (an archive) stops on: aborted when `cancel` is (the client went away) or when
 * `written`, the pipeline to the output, fails first (a closed socket, a full disk). A failure of `written` is handled
 * here, so it never goes unhandled while the writer is busy; the writer still awaits it once it has written all.
 */
export function stopSignal(written: Promise<unknown>, cancel?: AbortSignal): AbortSignal {
  const stop = new AbortController();
  written.catch((error: unknown) => stop.abort(error));
  if (cancel?.aborted) stop.abort(cancel.reason);
  else cancel?.addEventListener('abort', () => stop.abort(cancel.reason), { once: true });
  return stop.signal;
}
