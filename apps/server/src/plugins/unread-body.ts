import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { MAX_FILE_SIZE_BYTES } from "@coordina/domain";
import type { FastifyReply, FastifyRequest } from "fastify";

/** How much of a refused request's body is read and thrown away, and for how long, before closing anyway. */
export interface UnreadBodyLimits {
  /** bytes still accepted after the refusal: an upload's limit plus its form and multipart framing */
  maxBytes: number;
  /** milliseconds the client gets to finish sending */
  maxMs: number;
}

const UNREAD_BODY_LIMITS: UnreadBodyLimits = { maxBytes: MAX_FILE_SIZE_BYTES + 1024 * 1024, maxMs: 60_000 };

/** Requests whose unread body is being drained, with the promise of the end of it. */
const draining = new WeakMap<FastifyRequest, Promise<void>>();

/**
 * An error answered before the whole request arrived (an upload refused at its fields, its size or its
 * PDF check, or by the session check before any of it was read): the client may still be sending.
 *
 * Closing the connection at once destroys a socket whose receive buffer still holds unread bytes, and the
 * kernel answers that with a reset: the client, still writing, gets EPIPE/ECONNRESET and usually never
 * reads the answer (a browser shows a network error instead of 'sesión caducada'). An answer sent early
 * with `connection: close` is no better: an HTTP client that reads it ends its side of the connection and
 * fails its own remaining writes. Keeping the connection open without reading would stall the next request
 * on it. So the rest of the body is read and discarded (up to `maxBytes`, for at most `maxMs`), the answer
 * is held until then on the routes that register `holdAnswerUntilBodyRead` (the upload routes), and the
 * connection closes after the answer, cleanly: the client finishes sending, reads the answer and sees the
 * connection end. A body declared larger than `maxBytes`, or one that goes on past it or past the time,
 * is cut off as before (the answer goes out, then the connection closes).
 *
 * Node closes a `connection: close` exchange once the answer is written, by calling the socket's
 * `destroySoon()`; on a route that does not hold its answer, that call waits for the body too. The HTTP
 * tests in modules/files/uploads-http.test.ts prove the client reads the answer.
 */
export function closeAfterUnreadBody(
  request: FastifyRequest,
  reply: FastifyReply,
  limits: UnreadBodyLimits = UNREAD_BODY_LIMITS,
) {
  const raw = request.raw;
  if (raw.complete) return;
  reply.header("connection", "close");
  const socket = raw.socket;
  // app.inject has no socket to close; a socket already gone has nothing left to drain.
  if (!(socket instanceof Socket) || socket.destroyed || raw.readableEnded) return;
  const declared = Number(raw.headers["content-length"] ?? 0);
  if (declared > limits.maxBytes) return;
  draining.set(request, drainThenClose(raw, socket, limits));
}

/**
 * onSend hook of the upload routes: an error answer waits until the client has sent its whole body (see
 * closeAfterUnreadBody), so that the client, busy writing, gets it whole and without a reset.
 */
export function holdAnswerUntilBodyRead(
  request: FastifyRequest,
  _reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  const drained = draining.get(request);
  if (!drained) return done(null, payload);
  void drained.then(() => done(null, payload));
}

function drainThenClose(raw: IncomingMessage, socket: Socket, limits: UnreadBodyLimits): Promise<void> {
  return new Promise((resolve) => {
    let closeAsked = false;
    let released = false;
    let seen = 0;
    // Node asks for the close once the answer is written: wait for the body instead.
    socket.destroySoon = () => {
      closeAsked = true;
    };
    const release = () => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", release);
      raw.off("error", release);
      socket.off("close", release);
      // Back to the prototype's method, for Node's own call once the held answer is written.
      delete (socket as Partial<Socket>).destroySoon;
      if (closeAsked) socket.destroySoon();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limits.maxBytes) release();
    };
    const timer = setTimeout(release, limits.maxMs);
    timer.unref();
    // Whatever was reading the body (the multipart parser, stopped by the error) gets no more of it.
    raw.unpipe();
    raw.on("data", onData);
    raw.once("end", release);
    raw.once("error", release);
    socket.once("close", release);
    raw.resume();
  });
}
