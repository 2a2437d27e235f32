// Test support: feature tests render inside the app's real providers (theme, query client, i18n) without a
// feature importing the app/ layer itself.
export { Providers } from "../app/providers";
