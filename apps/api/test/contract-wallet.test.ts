import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { sessions } from "@dropfair/db";
import { createPublicClient, http } from "viem";
import { bsc } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, requestMessage, submitLogin, type TestContext } from "./helper.ts";

/** T5: a contract wallet's signature needs the chain; with the chain unreachable, sign-in fails closed. */
let hanging: Server;
let hangingUrl: string;
beforeAll(async () => {
  hanging = createServer(() => {
    // never answers: an RPC that hangs
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
});
afterAll(async () => {
  hanging.closeAllConnections();
  await new Promise((resolve) => hanging.close(resolve));
});

async function attempt(context: TestContext) {
  const wallet = newWallet();
  const { body } = await requestMessage(context.app, wallet);
  // Signed by someone else: only an ERC-1271 check on chain could accept it.
  const signature = await newWallet().signMessage({ message: body.content });
  const started = Date.now();
  const login = await submitLogin(context.app, wallet, { signature });
  return { login, elapsed: Date.now() - started };
}

describe("T5: contract-wallet sign-in with the RPC down", () => {
  it("fails closed within the timeout when the RPC hangs, and creates no session", async () => {
    const client = createPublicClient({
      chain: bsc,
      transport: http(hangingUrl, { retryCount: 0, timeout: 60_000 }),
    });
    const context = await buildTestApp({
      environment: { CONTRACT_WALLET_TIMEOUT_MS: "400" },
      chainClient: () => client,
    });
    try {
      const { login, elapsed } = await attempt(context);
      expect(login.response.statusCode).toBe(503);
      expect(login.body.message).toBe(
        "Your smart-contract wallet could not be checked right now. Please try again later.",
      );
      expect(elapsed).toBeLessThan(5_000);
      expect(await context.database.db.select().from(sessions)).toHaveLength(0);
    } finally {
      await context.close();
    }
  });

  it("fails closed when the RPC refuses connections", async () => {
    const client = createPublicClient({
      chain: bsc,
      transport: http("http://127.0.0.1:1", { retryCount: 0 }),
    });
    const context = await buildTestApp({ chainClient: () => client });
    try {
      const { login } = await attempt(context);
      expect(login.response.statusCode).toBe(503);
      expect(await context.database.db.select().from(sessions)).toHaveLength(0);
    } finally {
      await context.close();
    }
  });
});
