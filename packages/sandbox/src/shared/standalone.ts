// Running a sandbox on its own, the same way for X, Discord and Telegram: a Fastify app decorated with the
// sandbox's state, and listening on a real port.
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from "fastify";

/** A Fastify app serving `plugin`, decorated with every field of `state` (tests reach them as `app.world` …). */
export function standaloneApp<State extends object>(
  state: State,
  plugin: FastifyPluginAsync,
  logger: boolean | undefined,
): FastifyInstance & State {
  const app = Fastify({ logger: logger ?? false });
  app.register(plugin);
  for (const [name, value] of Object.entries(state)) app.decorate(name, value);
  return app as unknown as FastifyInstance & State;
}

export type ListenOptions = { port?: number; host?: string };

/** Listens on `port` (0 = any free port; default 0) and `host` (default 127.0.0.1); returns the base URL. */
export async function listenOn(app: FastifyInstance, options: ListenOptions): Promise<string> {
  const host = options.host ?? "127.0.0.1";
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return `http://${host}:${port}`;
}
