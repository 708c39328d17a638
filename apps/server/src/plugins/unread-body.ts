import type { FastifyReply, FastifyRequest } from "fastify";

/**
 * An error answered before the whole request arrived (an upload refused at its fields, its size or its
 * PDF check, or before any session check): the client may still be sending, and bytes nobody reads
 * would stall the next request on a reused connection. Close the connection after the answer.
 */
export function closeAfterUnreadBody(request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.complete) reply.header("connection", "close");
}
