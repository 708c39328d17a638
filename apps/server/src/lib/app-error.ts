import { ErrorKey, type ErrorKeyValue } from "@coordina/domain";

/**
 * An expected failure: becomes `{result:false, error:key}` with `status`, and `params` when the key's text
 * names values ('Cabecera {title} no encontrada en la excel').
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: ErrorKeyValue | (string & {}),
    readonly params?: Record<string, string>,
  ) {
    super(key);
  }
}

export const forbidden = () => new AppError(403, ErrorKey.forbidden);
export const notFound = () => new AppError(404, ErrorKey.notFound);
