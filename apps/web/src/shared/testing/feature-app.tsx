/**
 * What the features' component tests share: the API envelope, fetch answered by route, the English translations
 * of a feature and the app's providers around a memory router. Only *.test.tsx files and feature test helpers
 * import this module, so it never reaches the app bundle.
 */
import type { PlatformConfig } from "@dropfair/schemas/platform";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, type RouteObject, RouterProvider } from "react-router";
import { vi } from "vitest";
import { Providers } from "../../testing/providers";
import { createQueryClient } from "../api/query-client";
import { i18n, initI18n } from "../i18n/i18n";
import { MessageDialog } from "../ui/message-dialog";
import { platformConfig } from "./platform-config";

/** An API answer in the envelope: `{content, typeCode, message}`, status 200 unless told. */
export function envelope(content: unknown, { typeCode = 1, message = "success", status = 200 } = {}) {
  return new Response(JSON.stringify({ content, typeCode, message }), {
    status,
    headers: { "content-type": "application/json" },
  });
}

export type Route = {
  method?: string;
  path: RegExp;
  answer: (request: Request) => Response | Promise<Response>;
};

/** A test double for fetch: answers the platform config, then the first route whose method and path match; anything else is a 404. */
export function stubApi(routes: Route[], config: PlatformConfig = platformConfig()) {
  const calls: { method: string; path: string; body: string }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(String(input instanceof Request ? input.url : input), "http://localhost"),
      init,
    );
    const url = new URL(request.url);
    const method = request.method;
    calls.push({ method, path: url.pathname + url.search, body: init?.body ? String(init.body) : "" });
    if (url.pathname.endsWith("/platform/config")) return envelope(config);
    const route = routes.find(
      (candidate) => (candidate.method ?? "GET") === method && candidate.path.test(url.pathname),
    );
    if (!route) return envelope(null, { typeCode: 10, message: "not found", status: 404 });
    return route.answer(request);
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, calls };
}

/** For `beforeAll`: English, with these namespaces loaded. */
export async function setupEnglish(namespaces: readonly string[]) {
  await initI18n("en");
  await act(() => i18n.loadNamespaces([...namespaces]));
}

/**
 * Renders `element` inside the app's providers (with the message dialog) and a memory router at `path`; `others`
 * are more routes (where a navigation lands).
 */
export function renderInApp(element: ReactNode, path: string, others: RouteObject[] = []) {
  const router = createMemoryRouter([...others, { path: "*", element }], { initialEntries: [path] });
  return render(
    <Providers queryClient={createQueryClient()}>
      <MessageDialog />
      <RouterProvider router={router} />
    </Providers>,
  );
}
