import type { FastifyReply } from 'fastify';
import type { RequestState } from './attempt.js';

/**
 * Watches for the client going away from the start of the request: the socket may close before
 * the hold (even before this handler runs, so the current state is checked too), during it, or
 * while the upstream is working. Aborting `state.abort` cancels the upstream call.
 */
export function watchClient(reply: FastifyReply, state: RequestState) {
  const gone = () => {
    if (reply.raw.writableFinished) return;
    state.clientGone = true;
    state.abort.abort();
  };
  if (reply.raw.destroyed) gone();
  else reply.raw.once('close', gone);
}

/** Nobody is left to answer: fastify must not try to send a reply (or log a missing one). */
export function walkAway(reply: FastifyReply) {
  if (!reply.sent) reply.hijack();
}
