import { useMutation } from "@tanstack/react-query";
import { showError } from "../../../app/errorDialog";
import { download } from "../../../ui/download";

/** 'Exportar aceptaciones': who accepted which version of the colegio's conditions and when, as CSV. */
function downloadAcceptances(): Promise<string> {
  return download("/settings/legal-texts/acceptances", "aceptaciones-condiciones.csv");
}

/** Nothing in the cache changes; a failure shows in the error dialog. */
export function useDownloadAcceptances() {
  return useMutation({ mutationFn: downloadAcceptances, onError: showError });
}
