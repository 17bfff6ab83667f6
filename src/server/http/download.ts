import { PassThrough, Readable, type Writable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Aborted when the client goes away before the response has been sent in full: a cancelled download, a closed tab. */
function clientGone(reply: FastifyReply): AbortSignal {
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

/**
 * A PDF Torque drew, sent whole: opened in the browser (`inline`) or saved (`attachment`) as `fileName`, which is
 * plain ASCII; never kept by a shared cache.
 */
export const sendPdf = (reply: FastifyReply, pdf: Buffer, fileName: string, disposition: 'inline' | 'attachment' = 'inline') =>
  reply
    .type('application/pdf')
    .header('content-disposition', `${disposition}; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

/**
 * Sends text made as it is sent (an export, a feed). The first chunk is read before anything is sent, so a failure
 * there is an honest error status. Later the status is already on its way: a failure cuts the connection instead,
 * and the client reports a failed download rather than keeping a file that silently ends early.
 */
export async function sendChunks(reply: FastifyReply, chunks: AsyncIterable<string>, headers: Record<string, string>) {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rest() {
    try {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    } finally {
      // A client that goes away ends this generator early: the rows' source is closed too, not left suspended.
      await iterator.return?.();
    }
  }
  const stream = Readable.from(rest());
  stream.once('error', (error) => {
    reply.log.error({ err: error }, 'a download failed after it started; it was cut off');
    reply.raw.destroy(error);
  });
  return reply.headers(headers).send(stream);
}
