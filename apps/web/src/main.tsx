import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import "./app/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { routes } from "./app/router";
import { configureApiClient } from "./shared/api/client";
import { platformConfigQueryOptions } from "./shared/api/get-platform-config";
import { createQueryClient } from "./shared/api/query-client";
import { i18n, initI18n } from "./shared/i18n/i18n";
import {
  acceptLanguage,
  initialLocaleRedirect,
  isLocale,
  localeFromPath,
  readStoredLocale,
} from "./shared/i18n/locale";
import { installChunkErrorReload } from "./shared/lib/chunk-reload";
import { startWalletDiscovery } from "./shared/wallet/discovery";

installChunkErrorReload();
startWalletDiscovery();

const redirect = initialLocaleRedirect(window.location.pathname, readStoredLocale());
if (redirect)
  window.history.replaceState(null, "", `${redirect}${window.location.search}${window.location.hash}`);

const queryClient = createQueryClient();
configureApiClient({
  acceptLanguage: () => acceptLanguage[isLocale(i18n.language) ? i18n.language : "en"],
  message: (key) =>
    i18n.t(key, {
      handle: queryClient.getQueryData(platformConfigQueryOptions().queryKey)?.supportHandle ?? "",
    }),
});
void queryClient.prefetchQuery(platformConfigQueryOptions());

// No top-level await here: it would switch off the bundler's chunk optimisations.
void initI18n(localeFromPath(window.location.pathname)).then(() => {
  const router = createBrowserRouter(routes);
  const container = document.getElementById("root");
  if (!container) throw new Error("#root is missing from index.html");
  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
