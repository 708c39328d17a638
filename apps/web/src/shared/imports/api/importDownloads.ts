import { IMPORT_ERRORS_FILE, IMPORT_TEMPLATE_FILE, type ImportKind } from "@coordina/domain";
import { useMutation } from "@tanstack/react-query";
import { showError } from "../../../app/errorDialog";
import { download } from "../../../ui/download";

/** 'Descargar plantilla': the kind's template (sheet 'Datos', its headers and one example row). */
function downloadTemplate(kind: ImportKind): Promise<string> {
  return download(`/imports/templates/${kind}`, IMPORT_TEMPLATE_FILE);
}

/** 'Descargar fichero de errores': every row of the file with a last column saying what is wrong. */
function downloadErrors(runId: number): Promise<string> {
  return download(`/imports/runs/${runId}/errors.xlsx`, IMPORT_ERRORS_FILE);
}

/** The template, saved by the browser (nothing in the cache changes); a failure shows in the error dialog. */
export function useDownloadTemplate() {
  return useMutation({ mutationFn: downloadTemplate, onError: showError });
}

/** The error file of a run, saved by the browser; a failure shows in the error dialog. */
export function useDownloadErrors() {
  return useMutation({ mutationFn: downloadErrors, onError: showError });
}
