import { todayInSpain } from "@coordina/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import {
  analyzeFigureCaches,
  liveColegioIds,
  warmCommunities,
  warmProviders,
  warmupTargets,
} from "./figures-warmup.repository.js";

/** How often the warm-up asks whether Spain's day has changed. */
export const WARMUP_CHECK_MS = 5 * 60 * 1000;
/** Providers or communities per statement: short statements, so requests interleave with the warm-up. */
export const WARMUP_CHUNK = 200;

export interface WarmupOptions {
  /** Spain's calendar day now (YYYY-MM-DD) */
  today?: () => string;
  checkMs?: number;
}

/** Lets whatever waits run (requests, timers) before the next statement: on PGlite the warm-up holds the thread. */
const yieldToOthers = () => new Promise((resolve) => setImmediate(resolve));

/**
 * The figures caches hold one day's figures (figures-cache.repository: a row is valid for its day and
 * version), so the first reads of a day computed every figure of a colegio: minutes for the dashboard of a
 * colegio with 20,000 communities, seconds for a list. This fills them for each new day before anyone asks:
 * at start-up and within `checkMs` of Spain's midnight, every live colegio in turn, WARMUP_CHUNK providers or
 * communities per statement, each committing on its own (no long statement or transaction holds the rows a
 * request may want, and requests run between them). A colegio that fails is logged and left to its reads;
 * the others go on. Then the caches' statistics are refreshed (analyzeFigureCaches). Never two runs at
 * once in a process. `stop` ends the checks and the run after the statement in hand.
 */
export function scheduleFiguresWarmup(db: Db, log: FastifyBaseLogger, options: WarmupOptions = {}) {
  const today = options.today ?? todayInSpain;
  let warmedDay: string | null = null;
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function warmColegio(colegioId: number, day: string) {
    const { providers, communities } = await warmupTargets(db, colegioId);
    for (let i = 0; i < providers.length && !stopped; i += WARMUP_CHUNK) {
      await warmProviders(db, colegioId, providers.slice(i, i + WARMUP_CHUNK), day);
      await yieldToOthers();
    }
    for (let i = 0; i < communities.length && !stopped; i += WARMUP_CHUNK) {
      await warmCommunities(db, communities.slice(i, i + WARMUP_CHUNK), day);
      await yieldToOthers();
    }
    return { providers: providers.length, communities: communities.length };
  }

  async function warm(day: string) {
    const started = performance.now();
    const totals = { colegios: 0, providers: 0, communities: 0, failed: 0 };
    for (const colegioId of await liveColegioIds(db)) {
      if (stopped) return;
      try {
        const done = await warmColegio(colegioId, day);
        totals.colegios += 1;
        totals.providers += done.providers;
        totals.communities += done.communities;
      } catch (error) {
        totals.failed += 1;
        log.error({ err: error, day, colegioId }, "figures warm-up failed");
      }
    }
    if (stopped) return;
    try {
      await analyzeFigureCaches(db);
    } catch (error) {
      log.error({ err: error, day }, "figures warm-up: analyze failed");
    }
    warmedDay = day;
    log.info({ day, ...totals, ms: Math.round(performance.now() - started) }, "figures warm-up");
  }

  /** Warms the figures of today unless they were already; answers when that run is over. */
  function check(): Promise<void> {
    const day = today();
    if (!running && !stopped && day !== warmedDay) {
      running = warm(day)
        .catch((error: unknown) => log.error({ err: error, day }, "figures warm-up failed"))
        .finally(() => {
          running = undefined;
        });
    }
    return running ?? Promise.resolve();
  }

  return {
    check,
    /** the day whose figures the last complete run filled (null: none yet) */
    warmedDay: () => warmedDay,
    start() {
      timer = setInterval(() => void check(), options.checkMs ?? WARMUP_CHECK_MS);
      timer.unref();
      // In the background: start-up does not wait for it.
      setImmediate(() => void check()).unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
