import zlib from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * The API's answers of at least COMPRESS_FROM_BYTES are compressed for clients that accept it (gzip, else
 * brotli), at the fastest levels: a providers page of 4.9 KB goes in 776 bytes for 0.017 ms of CPU with
 * gzip level 1, smaller and faster there than brotli quality 1 (791 bytes, 0.026 ms; docs/operations.md,
 * 'Web app size'). JSON, and what mime-db marks compressible (the CSV exports, text):
 * never a PDF or a spreadsheet, which are compressed already. Registered in the API's context only: a
 * file that a static plugin streams has no content type yet when the hook runs, and would pass for JSON;
 * the web app is served precompressed (plugins/web.ts), and file downloads live outside the API. Request
 * bodies are never decompressed (no compressed upload to expand).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ["gzip", "br"],
    threshold: COMPRESS_FROM_BYTES,
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
    zlibOptions: { level: 1 },
    globalDecompression: false,
  });
}
