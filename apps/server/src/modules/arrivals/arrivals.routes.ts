import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The arrival check: who comes to work in a community today, and the arrivals its porter records. */
export const arrivalsRoutes: FastifyPluginAsyncZod = async (_app) => {};
