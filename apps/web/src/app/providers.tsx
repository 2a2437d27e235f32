import { MantineProvider } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { i18n } from "../shared/i18n/i18n";
import { whenIdle } from "../shared/ui/lazy-when-opened";
import { cssVariablesResolver, theme } from "./theme";

const NotificationsHost = lazy(() => import("./notifications-host"));

/**
 * Toasts render from a store, so the component can arrive after the first paint: anything shown earlier is
 * queued and appears once it mounts.
 */
function DeferredNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DeferredNotifications />
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
