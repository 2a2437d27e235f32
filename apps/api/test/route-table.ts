// The API's own route table, read from the OpenAPI document it serves: tests that must cover every route of a
// kind (every read of one airdrop, every update body...) take their list from here, so a new route fails them
// until it is listed.
import type { App } from "../src/app.ts";

type Method = "get" | "post" | "put" | "patch" | "delete";

/**
 * "METHOD /path" for every documented route whose path starts with `prefix` (all paths when omitted) and whose
 * method is one of `methods`, sorted. Paths are as documented: `/api/bounty/airdrop/{id}/claim`.
 */
export async function documentedRoutes(
  app: App,
  options: { methods: readonly Method[]; prefix?: string },
): Promise<string[]> {
  const response = await app.inject({ url: "/api/docs/json" });
  if (response.statusCode !== 200) throw new Error(`no OpenAPI document: ${response.statusCode}`);
  const document = response.json() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path.startsWith(options.prefix ?? "/"))
    .flatMap(([path, methods]) =>
      options.methods
        .filter((method) => method in methods)
        .map((method) => `${method.toUpperCase()} ${path}`),
    )
    .sort();
}
