import { todayInSpain } from "@coordina/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { liveColegioIds, warmColegioFigures } from "./figures-warmup.repository.js";

/** How often the warm-up asks whether Spain's day has changed. */
export const WARMUP_CHECK_MS = 5 * 60 * 1000;

export interface WarmupOptions {
  /** Spain's calendar day now (YYYY-MM-DD) */
  today?: () => string;
  checkMs?: number;
}

/**
 * The figures caches hold one day's figures (figures-cache.repository: a row is valid for its day and
 * version), so the first reads of a day computed every figure of a colegio: minutes for the dashboard of a
 * colegio with 20,000 communities, seconds for a list. This fills them for each new day before anyone asks:
 * at start-up and within `checkMs` of Spain's midnight, every live colegio in turn (warmColegioFigures), each
 * statement on its own (no long transaction holds the rows it stores). Never two runs at once in a process; a
 * failure is logged and the day is tried again at the next check (what was stored is read, not computed
 * again). `stop` ends the checks and, once the colegio in hand is done, the run.
 */
export function scheduleFiguresWarmup(db: Db, log: FastifyBaseLogger, options: WarmupOptions = {}) {
  const today = options.today ?? todayInSpain;
  let warmedDay: string | null = null;
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function warm(day: string) {
    const started = performance.now();
    const totals = { colegios: 0, providers: 0, communities: 0 };
    for (const colegioId of await liveColegioIds(db)) {
      if (stopped) return;
      const done = await warmColegioFigures(db, colegioId, day);
      totals.colegios += 1;
      totals.providers += done.providers;
      totals.communities += done.communities;
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
