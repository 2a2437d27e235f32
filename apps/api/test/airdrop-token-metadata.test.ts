// Reading a token's symbol and decimals when the chain's node does not answer: the airdrop says the chain is
// unavailable (a retryable 503), never that the token address is not valid (a 400 an Idempotency-Key would
// replay for a day).
import { createServer, type Server } from "node:net";
import { createPublicClient, http, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUnreachable, readTokenMetadata } from "../src/modules/airdrop/index.ts";
import { AppError } from "../src/platform/errors.ts";

let deadNode: Server;
let client: PublicClient;
beforeAll(async () => {
  // A port that accepts connections and drops them at once: a node that is down.
  deadNode = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => deadNode.listen(0, "127.0.0.1", resolve));
  const address = deadNode.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  client = createPublicClient({
    transport: http(`http://127.0.0.1:${address.port}`, { retryCount: 0, timeout: 2_000 }),
  });
});
afterAll(async () => {
  await new Promise((resolve) => deadNode?.close(resolve));
});

describe("readTokenMetadata with the node down", () => {
  for (const kind of ["token", "nft"] as const) {
    it(`answers 'chain unavailable' for a ${kind}, not 'token address not valid'`, async () => {
      try {
        await readTokenMetadata(client, "0x5FbDB2315678afecb367f032d93F642f64180aa3", kind);
        expect.unreachable("the read must fail");
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect({ status: (error as AppError).statusCode, key: (error as AppError).messageKey }).toEqual({
          status: 503,
          key: "airdrop.chainUnavailable",
        });
      }
    });
  }

  it("finds a transport failure among the causes, and nothing in a plain answer", () => {
    const wrapped = new Error("call failed", {
      cause: Object.assign(new Error("fetch failed"), { name: "HttpRequestError" }),
    });
    expect(isUnreachable(Object.assign(wrapped, { name: "ContractFunctionExecutionError" }))).toBe(true);
    const reverted = Object.assign(new Error("execution reverted"), {
      name: "ContractFunctionExecutionError",
    });
    expect(isUnreachable(reverted)).toBe(false);
  });
});
