import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI generated from the route schemas registered after this, served at /api/docs. */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Dropfair API",
        version: "0.1.0",
        description:
          "Registration API (/api/reg) and bounty API (/api/bounty). Every answer is the envelope {content, typeCode, message}: typeCode 1 success, 10 not found, other codes are errors.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer" },
          xToken: {
            type: "apiKey",
            in: "header",
            name: "X-Twitter-Token",
            description: "The xs_… token of Sign in with X; the bounty API also accepts it as the bearer.",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: "/api/docs", staticCSP: true });
}
