import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AccountsContext } from "../accounts/context.js";

/** Porters of a community, their registration, the doormen summary and the porter's own communities (spec 02 §7 'Porters'). */
export const portersRoutes: FastifyPluginAsyncZod<{ ctx: AccountsContext }> = async (_app, _options) => {};
