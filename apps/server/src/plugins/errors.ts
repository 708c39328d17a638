import { ErrorKey, VALIDATION_KEYS } from "@coordina/domain";
import type { FastifyError, FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error.js";
import { dataExceptionCode, dbFailureSummary, errorLogFields, isConnectionFailure } from "../lib/db-errors.js";
import { closeAfterUnreadBody } from "./unread-body.js";

const FASTIFY_CODES: Record<string, { status: number; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: ErrorKey.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: ErrorKey.invalidJson },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: ErrorKey.payloadTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: ErrorKey.unsupportedMediaType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: ErrorKey.invalidInput },
  FST_ERR_VALIDATION: { status: 400, key: ErrorKey.invalidInput },
  // Multipart uploads (@fastify/multipart).
  FST_REQ_FILE_TOO_LARGE: { status: 413, key: ErrorKey.fileTooLarge },
  FST_FILES_LIMIT: { status: 400, key: ErrorKey.invalidInput },
  FST_FIELDS_LIMIT: { status: 400, key: ErrorKey.invalidInput },
  FST_PARTS_LIMIT: { status: 400, key: ErrorKey.invalidInput },
  FST_PROTO_VIOLATION: { status: 400, key: ErrorKey.invalidInput },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, key: ErrorKey.unsupportedMediaType },
};

/**
 * Every failure leaves as the envelope `{result:false, error:<i18n key>}` with a truthful status: 503 when
 * the database cannot be reached (its connection cut or refused), 400 for text PostgreSQL refuses to store. The
 * unexpected ones are logged with the request id; no stack trace or internal message is ever sent.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    closeAfterUnreadBody(request, reply);
    if (error instanceof AppError) {
      const params = error.params ? { params: error.params } : {};
      return reply.status(error.status).send({ result: false, error: error.key, ...params });
    }
    if (error.validation) {
      request.log.info({ validation: error.validation.map((v) => `${v.instancePath} ${v.message}`) }, "invalid input");
      // A field with a spec message (spec 01 §5) answers that message; anything else the generic one.
      const specific = error.validation.map((v) => v.message).find((m) => m !== undefined && VALIDATION_KEYS.has(m));
      return reply.status(400).send({ result: false, error: specific ?? ErrorKey.invalidInput });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.status(known.status).send({ result: false, error: known.key });
    if (error.statusCode === 429) return reply.status(429).send({ result: false, error: ErrorKey.tooManyAttempts });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ code: error.code }, "client error");
      return reply.status(error.statusCode).send({ result: false, error: ErrorKey.invalidInput });
    }
    // The database connection was cut, refused or could not be had (a read was already retried once on
    // another connection, client.ts): nothing the caller did wrong, try again later.
    if (isConnectionFailure(error)) {
      request.log.warn({ db: dbFailureSummary(error) }, "database unavailable");
      return reply.status(503).send({ result: false, error: ErrorKey.serviceUnavailable });
    }
    // Text that got past the schemas and that PostgreSQL refuses to store (a NUL byte, a string too long
    // for its column). Only the SQLSTATE is logged: the server's message quotes the input.
    const sqlState = dataExceptionCode(error);
    if (sqlState) {
      request.log.warn({ sqlState }, "invalid input refused by the database");
      return reply.status(400).send({ result: false, error: ErrorKey.invalidInput });
    }
    // A database failure without its parameters (personal data): errorLogFields.
    request.log.error(errorLogFields(error), "unexpected error");
    return reply.status(500).send({ result: false, error: ErrorKey.generic });
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ result: false, error: ErrorKey.notFound }));
}
