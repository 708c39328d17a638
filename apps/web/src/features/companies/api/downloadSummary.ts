import type { SummaryName } from "@coordina/domain";
import { download } from "../../../ui/download";

/** 'Resumen': the CSV summary of the colegio's administrators or providers, saved by the browser. */
export function downloadSummary(name: SummaryName): Promise<string> {
  return download(`/companies/summaries/${name}`, `${name}.csv`);
}
