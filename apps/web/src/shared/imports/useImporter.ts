import { ErrorKey, type ImportKind, type ImportRun } from "@coordina/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../../app/api";
import { importRunQuery, lostForGood } from "./api/importRun";
import { refreshAfterImport } from "./api/refreshAfterImport";
import { startImport } from "./api/startImport";
import { finished, mayHaveWritten, sheetRefusal } from "./importRules";

/** What the importer says of an upload stopped while its bytes were still going out (es.json). */
export const CANCELLED = "importer.cancelled";

/**
 * Where the importer is: choosing, sending the file's bytes, waiting for the server to check the file (all
 * bytes sent: it can no longer be called back), refused (the file itself, or cancelled), following a run.
 */
export type ImportPhase =
  | { step: "init" }
  | { step: "uploading"; name: string; percent: number }
  | { step: "checking"; name: string }
  | { step: "refused"; key: string; params?: Record<string, string> }
  | { step: "run"; started: ImportRun };

/** The run being followed, as last answered. */
export interface Following {
  run: ImportRun;
  /** no answer for now (no connection, 5xx): the run is asked again after a wait */
  reconnecting: boolean;
  /** the server will not answer for this run again (401, 403, 404): the error; null while followed */
  lost: unknown;
}

export interface Importer {
  phase: ImportPhase;
  /** the run when the phase is `run` */
  following: Following | null;
  choose: (file: File) => void;
  /** stops the upload while its bytes are still going out (then nothing is imported) */
  cancel: () => void;
  /** back to the file chooser ('Reintentar', 'Importar otro fichero') */
  restart: () => void;
  /** the importer's window was closed */
  closed: () => void;
}

/** An upload under way: `sent` once every byte has gone out (the server has the file). */
interface Upload {
  controller: AbortController;
  sent: boolean;
}

/**
 * The importer's state, kept by the list's import button so that it outlives its window: an import goes
 * on on the server when the window closes, and is followed until it stops, the lists reloading once then;
 * opened again, the window shows it (going on, or how it ended) until the user has seen its end. Closing
 * the window while the file's bytes are still going out cancels the upload; once they are all sent the
 * server has the file, and its answer is waited for.
 */
export function useImporter(kind: ImportKind, idFinca?: number): Importer {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ImportPhase>({ step: "init" });
  const upload = useRef<Upload | null>(null);

  const started = phase.step === "run" ? phase.started : null;
  const query = useQuery(importRunQuery(started));
  const run = started ? (query.data ?? started) : null;
  const lost = started && query.status === "error" && lostForGood(query.error) ? query.error : null;
  // No answer or a failing server (not a 429, which only slows the asking down) says so while retried.
  const failure = query.failureReason;
  const unanswered = failure !== null && !(failure instanceof ApiError && !failure.unexpected);
  const reconnecting = started !== null && lost === null && (unanswered || query.fetchStatus === "paused");
  const over = run !== null && (finished(run) || lost !== null);

  // The lists reload once per run, when it stops (or can no longer be followed), whether or not the
  // window is open; a run stopped at validation wrote nothing.
  const refreshed = useRef<ImportRun | null>(null);
  useEffect(() => {
    if (!started || !run || !over || refreshed.current === started) return;
    refreshed.current = started;
    if (mayHaveWritten(run)) refreshAfterImport(queryClient, kind, idFinca);
  }, [started, run, over, queryClient, kind, idFinca]);

  // Leaving the page while the bytes still go out cancels the upload; once sent, the server goes on.
  useEffect(
    () => () => {
      if (upload.current && !upload.current.sent) upload.current.controller.abort();
    },
    [],
  );

  function choose(file: File) {
    const refusal = sheetRefusal(file);
    if (refusal) {
      setPhase({ step: "refused", key: refusal });
      return;
    }
    const current: Upload = { controller: new AbortController(), sent: false };
    upload.current = current;
    setPhase({ step: "uploading", name: file.name, percent: 0 });
    const { signal } = current.controller;
    startImport({
      kind,
      file,
      idFinca,
      signal,
      onProgress: (fraction) => {
        if (signal.aborted) return;
        if (fraction >= 1) current.sent = true;
        setPhase((shown) => {
          if (shown.step !== "uploading") return shown;
          return current.sent
            ? { step: "checking", name: shown.name }
            : { ...shown, percent: Math.floor(fraction * 100) };
        });
      },
    })
      .then((answered) => {
        if (signal.aborted) return;
        upload.current = null;
        // The upload's answer is the run as it is now, whatever an earlier run of the same id left cached.
        queryClient.setQueryData(importRunQuery(answered).queryKey, answered);
        setPhase({ step: "run", started: answered });
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        upload.current = null;
        setPhase(
          error instanceof ApiError
            ? { step: "refused", key: error.key, params: error.params }
            : { step: "refused", key: ErrorKey.uploadFailed },
        );
      });
  }

  function cancel() {
    const current = upload.current;
    if (!current || current.sent) return;
    current.controller.abort();
    upload.current = null;
    setPhase({ step: "refused", key: CANCELLED });
  }

  const restart = () => setPhase({ step: "init" });

  function closed() {
    if (phase.step === "uploading") cancel();
    // What the user has seen the end of starts again from the chooser; what goes on is kept.
    else if (phase.step === "refused" || over) restart();
  }

  return {
    phase,
    following: run ? { run, reconnecting, lost } : null,
    choose,
    cancel,
    restart,
    closed,
  };
}
