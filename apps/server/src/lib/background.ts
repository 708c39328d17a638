import type { FastifyBaseLogger } from "fastify";
import { errorLogFields } from "./db-errors.js";

/**
 * Work a request starts but does not wait for, so that its answer cannot tell anything by its timing
 * (a password recovery for an address that may or may not be registered). A failure is logged; `idle()`
 * resolves once everything started so far has finished (at shutdown, and in tests).
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly log: FastifyBaseLogger,
    /** told as each task ends, however it ends, and whenever one says it committed part of its work */
    private readonly onChange: () => void = () => {},
  ) {}

  /** A running task committed part of its work (an import's batch). */
  committed() {
    this.onChange();
  }

  run(name: string, task: () => Promise<void>) {
    const done: Promise<void> = Promise.resolve()
      .then(task)
      .catch((err: unknown) => this.log.error({ ...errorLogFields(err), task: name }, "background task failed"))
      .finally(() => {
        this.running.delete(done);
        this.onChange();
      });
    this.running.add(done);
  }

  async idle() {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
