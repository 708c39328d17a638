import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** A porter's documents in a community: what it reads and what it uploaded (spec 02 §7 'Porters', porteros/documents/*). */
export const porterDocumentsRoutes: FastifyPluginAsyncZod = async (_app) => {};
