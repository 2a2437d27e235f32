import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

/** Methods that would let a browser drive the node's own unlocked accounts or its clock. */
const refused = /^(hardhat_|evm_|debug_|personal_|eth_sign|eth_sendTransaction$|anvil_|miner_|admin_)/;

const rpcRequest = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string().max(64),
  params: z.array(z.unknown()).max(16).optional(),
});

/**
 * The sandbox chain is a local Hardhat node bound to 127.0.0.1; the browser's sandbox wallet reaches it
 * through this same-origin JSON-RPC endpoint, which forwards standard methods only.
 */
export function sandboxRpcProxy(upstream: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/rpc",
      {
        bodyLimit: 256 * 1024,
        schema: { tags: ["sandbox"], summary: "JSON-RPC of the local sandbox chain", body: rpcRequest },
      },
      async (request, reply) => {
        const body = request.body;
        if (refused.test(body.method)) {
          return reply.send({
            jsonrpc: "2.0",
            id: body.id ?? null,
            error: { code: -32601, message: "Method not found" },
          });
        }
        const response = await fetch(upstream, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
        reply.header("content-type", "application/json");
        return reply.status(response.ok ? 200 : 502).send(await response.text());
      },
    );
  };
}
