/**
 * Issue 23's dashboard target, measured by `npm run bench`: the colegio's figures (companies/dashboard/colegio:
 * its 5,000 providers and 20,000 communities by light, documents expiring within 30 days, the pending-validation
 * count, 12 months of uploads and expiries) under 300 ms at p99, and the administrator's (its communities by
 * light and what expires soon in them) under the lists' 100 ms.
 *
 * The lights come from the lists' figure caches (company_figures_cache, community_figures_cache), valid for
 * a day and a version, which the server fills for each new day as it starts and after Spain's midnight
 * (figures-warmup.ts; run.ts waits for it and times it): the first read is timed on its own (single requests,
 * cut at the slow limit), then the load.
 */
import type autocannon from "autocannon";

export const DASHBOARD_P99_TARGET = 300;

type Request = Partial<autocannon.Options> & { method: string; headers: object; body?: string };

export async function measureDashboard(
  base: string,
  asColegio: (body: object) => Request,
  asAdmin: (body: object) => Request,
  timeSlow: (url: string, request: Request) => Promise<string>,
  loadVsHealth: (url: string, opts: Partial<autocannon.Options>, target?: number) => Promise<string>,
): Promise<[string, string][]> {
  const colegio = `${base}/companies/dashboard/colegio`;
  const rows: [string, string][] = [];
  rows.push([
    "POST /companies/dashboard/colegio (primera lectura del día, tras el calentamiento)",
    await timeSlow(colegio, asColegio({})),
  ]);
  rows.push([
    "POST /companies/dashboard/colegio (5.000 proveedores, 20.000 comunidades) [panel]",
    await loadVsHealth(colegio, asColegio({}), DASHBOARD_P99_TARGET),
  ]);
  rows.push([
    "POST /companies/dashboard/administrador (20 comunidades) [panel]",
    await loadVsHealth(`${base}/companies/dashboard/administrador`, asAdmin({})),
  ]);
  return rows;
}
