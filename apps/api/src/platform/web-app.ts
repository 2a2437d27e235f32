import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { isApiRequest, routeOf } from "./routing.ts";

/** Serves the built web app from `webDist` (when it is built), with the single-page app's history fallback. */
export async function installWebApp(app: FastifyInstance, webDist: string | undefined) {
  if (!webDist || !existsSync(join(webDist, "index.html"))) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (reply, path) => {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      reply.header(
        "cache-control",
        path.includes(`${join(webDist, "assets")}`)
          ? "public, max-age=31536000, immutable"
          : "public, max-age=300",
      );
    },
  });
  // History fallback: any GET outside the API that matches no file is a client-side route.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const path = request.url.split("?")[0] ?? "/";
    if (
      isApiRequest(request) ||
      routeOf(request).startsWith("/sandbox/") ||
      ["/healthz", "/readyz", "/metrics"].includes(path)
    )
      return;
    // A missing fingerprinted asset is a real 404, not the app shell.
    if (path.startsWith("/assets/") || app.hasRoute({ method: "GET", url: path })) return;
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
}
