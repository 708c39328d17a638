import { vi } from "vitest";

/** A JSON answer as the API sends it. */
export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * Replaces fetch by `answer` (by path and JSON body) for one test (setup.ts unstubs it after each), and
 * returns the calls the screen made, in order.
 */
export function stubServer(answer: (path: string, body: Record<string, unknown>) => Response | Promise<Response>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      const body = JSON.parse(String(init?.body ?? "{}")) as Record<string, unknown>;
      calls.push({ path, body });
      return answer(path, body);
    }),
  );
  return calls;
}
