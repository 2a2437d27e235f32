import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  test: {
    name: "web",
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/testing/setup.ts"],
    css: false,
    allowOnly: false,
    // A test may wait several times for the page (each wait up to testing-library's 5 s, src/testing/setup.ts):
    // vitest's default 5 s for the whole test failed slow but correct tests on a loaded machine.
    testTimeout: 20_000,
  },
});
