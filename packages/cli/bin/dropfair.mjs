#!/usr/bin/env node
// Launcher for the TypeScript CLI: tsx compiles src/main.ts on the fly, so a checkout needs no build step.
// Works from anywhere (`npx dropfair …` at the repository root, node_modules/.bin/dropfair, a direct path).
import { tsImport } from "tsx/esm/api";

const { main } = await tsImport("../src/main.ts", import.meta.url);
process.exitCode = await main(process.argv.slice(2));
