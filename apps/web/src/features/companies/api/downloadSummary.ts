import type { SummaryName } from "@coordina/domain";
import { useMutation } from "@tanstack/react-query";
import { showError } from "../../../app/errorDialog";
import { download } from "../../../ui/download";

/** 'Resumen': the CSV summary of the colegio's administrators or providers, saved by the browser. */
function downloadSummary(name: SummaryName): Promise<string> {
  return download(`/companies/summaries/${name}`, `${name}.csv`);
}

/** 'Resumen' (nothing in the cache changes); a failure shows in the error dialog. */
export function useDownloadSummary() {
  return useMutation({ mutationFn: downloadSummary, onError: showError });
}
