import { APP_VERSION } from "@coordina/domain";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { declarePublic } from "./auth.js";

/** OpenAPI generated from the routes' zod schemas; the UI at /api-docs, the document at /api-docs/json. */
export async function registerOpenApi(app: FastifyInstance, httpsOnly: boolean) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Coordina API",
        description:
          "API de Coordina. Sobre: `{result, error?, data?, count?}`. Cabecera `Authentication: Bearer <token>` " +
          "(también `Authorization`). `colg_id` en el cuerpo o la consulta selecciona el colegio.",
        version: APP_VERSION,
      },
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    docs.addHook("onRoute", declarePublic);
    await docs.register(swaggerUi, {
      routePrefix: "/api-docs",
      staticCSP: true,
      // Over plain HTTP, upgrade-insecure-requests would send the page's assets to an https that is not there.
      transformStaticCSP: (header: string) =>
        httpsOnly ? header : header.replace(/\s*upgrade-insecure-requests;?/g, "").trim(),
    });
  });
}
