import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.DROPFAIR_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // scripts/first-route-size.mjs reads the manifest to measure the first route's JavaScript.
    manifest: true,
    // The API serves dist with a strict CSP: keep every script an external module file.
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Everything the first route imports statically goes in one chunk: the same code as split by the
        // bundler, in one file instead of dozens, so it compresses as a whole and needs one request.
        codeSplitting: { groups: [{ name: "first-route", tags: ["$initial"] }] },
      },
    },
  },
});
