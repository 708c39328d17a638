import http from "node:http";

export interface RawAnswer {
  /** 0 when no answer was read */
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
  /** errors the client saw on its request or socket (EPIPE, ECONNRESET…): none for a clean exchange */
  errors: string[];
  /** bytes of the body the client managed to write */
  written: number;
}

/**
 * A POST over a real connection by a client that writes its whole body as fast as the socket takes it
 * (as a browser does) without waiting for any answer, and reads whatever comes back. It resolves when the
 * connection is closed (or `keepAlive` and the exchange is over), with every error the client saw, so a
 * test can tell "the client read the answer" from "the client got a reset".
 */
export function postRaw(options: {
  port: number;
  path: string;
  headers: Record<string, string | number>;
  body: Buffer;
  /** stop writing after this many bytes and keep the connection open (a client that stalls) */
  stallAfter?: number;
  chunkSize?: number;
  timeoutMs?: number;
}): Promise<RawAnswer> {
  const { port, path, headers, body, stallAfter, chunkSize = 64 * 1024, timeoutMs = 30_000 } = options;
  return new Promise((resolve, reject) => {
    const answer: RawAnswer = { status: 0, body: "", headers: {}, errors: [], written: 0 };
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no end of the exchange in ${timeoutMs} ms: ${JSON.stringify(answer)}`));
    }, timeoutMs);
    const request = http.request({ host: "127.0.0.1", port, method: "POST", path, headers, agent: false });
    request.on("response", (res) => {
      answer.status = res.statusCode ?? 0;
      answer.headers = res.headers;
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        answer.body += chunk;
      });
      res.on("error", (error: NodeJS.ErrnoException) => answer.errors.push(error.code ?? error.message));
    });
    request.on("error", (error: NodeJS.ErrnoException) => answer.errors.push(error.code ?? error.message));
    request.on("socket", (socket) => {
      socket.on("error", (error: NodeJS.ErrnoException) => answer.errors.push(`socket ${error.code ?? error.message}`));
      socket.once("close", () => {
        clearTimeout(timer);
        // Errors are reported on the next ticks after a reset: let them arrive first.
        setImmediate(() => resolve({ ...answer, errors: [...new Set(answer.errors)] }));
      });
    });
    const end = stallAfter ?? body.length;
    let offset = 0;
    const write = () => {
      while (offset < end) {
        const piece = body.subarray(offset, Math.min(end, offset + chunkSize));
        offset += piece.length;
        const more = request.write(piece, () => {
          answer.written += piece.length;
        });
        if (!more) return void request.once("drain", write);
      }
      if (stallAfter === undefined) request.end();
    };
    write();
  });
}
