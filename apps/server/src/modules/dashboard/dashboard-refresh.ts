import { todayInSpain } from "@coordina/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client.js";
import { colegiosAnsweredOn } from "./dashboard.repository.js";
import { colegioDashboardAnswer } from "./dashboard.service.js";

/** How often the colegio dashboards read today are brought up to date. */
export const DASHBOARD_REFRESH_MS = 15_000;

export interface RefreshOptions {
  /** Spain's calendar day now (YYYY-MM-DD) */
  today?: () => string;
  everyMs?: number;
}

/**
 * After a change in a colegio, its dashboard's next read computes the answer again, and with it the lists'
 * figures the change made stale: a provider's upload in 40 communities is some 400 rows, nearly half a
 * second on the bench world, and in a busy colegio nearly every read would come after some change. So every
 * `everyMs` the colegios whose dashboard someone looked at today (a kept answer of the day) are asked as a
 * read would ask (colegioDashboardAnswer): an unchanged one costs its fingerprint, a changed one is computed
 * and kept, and the next read finds it ready. Colegios nobody looked at today cost nothing. A colegio that
 * fails is logged and the others go on; never two rounds at once in a process; `stop` ends the round after
 * the colegio in hand.
 */
export function scheduleDashboardRefresh(db: Db, log: FastifyBaseLogger, options: RefreshOptions = {}) {
  const today = options.today ?? todayInSpain;
  let running: Promise<void> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  async function refresh(day: string) {
    for (const colegioId of await colegiosAnsweredOn(db, day)) {
      if (stopped) return;
      try {
        await colegioDashboardAnswer(db, colegioId, day);
      } catch (error) {
        log.error({ err: error, day, colegioId }, "dashboard refresh failed");
      }
    }
  }

  /** One round unless one is running; answers when that round is over. */
  function tick(): Promise<void> {
    if (!running && !stopped) {
      const day = today();
      running = refresh(day)
        .catch((error: unknown) => log.error({ err: error, day }, "dashboard refresh failed"))
        .finally(() => {
          running = undefined;
        });
    }
    return running ?? Promise.resolve();
  }

  return {
    tick,
    start() {
      timer = setInterval(() => void tick(), options.everyMs ?? DASHBOARD_REFRESH_MS);
      timer.unref();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
