// GET /v2/api as Etherscan v2 answers it: HTTP 200 with {status: "1", message: "OK", result} on success, and
// {status: "0", message: "NOTOK", result: "<reason>"} for a bad key, chain, address or action.
import type { FastifyInstance } from "fastify";
import { holderBalances, metadataTail, runtimeCode } from "./chain.ts";
import type { ExplorerSandboxState } from "./server.ts";

type Answer = { status: "0" | "1"; message: string; result: unknown };

const notOk = (result: string): Answer => ({ status: "0", message: "NOTOK", result });
const okAnswer = (result: unknown): Answer => ({ status: "1", message: "OK", result });

const addressPattern = /^0x[0-9a-fA-F]{40}$/;

const unverified = {
  SourceCode: "",
  ABI: "Contract source code not verified",
  ContractName: "",
  CompilerVersion: "",
  OptimizationUsed: "",
  Runs: "",
  ConstructorArguments: "",
  EVMVersion: "Default",
  Library: "",
  LicenseType: "Unknown",
  Proxy: "0",
  Implementation: "",
  SwarmSource: "",
};

async function sourceCode(state: ExplorerSandboxState, chainId: number, address: string): Promise<Answer> {
  const code = await runtimeCode(state.chains.get(chainId)!, address);
  const tail = metadataTail(code);
  const source = tail
    ? state.sources.find((entry) => entry.bytecode.toLowerCase().includes(tail))
    : undefined;
  if (!source) return okAnswer([unverified]);
  return okAnswer([
    {
      ...unverified,
      SourceCode: source.sourceCode,
      ABI: JSON.stringify(source.abi),
      ContractName: source.contractName,
      CompilerVersion: source.compilerVersion ?? "",
      OptimizationUsed: "1",
      Runs: "200",
      EVMVersion: "cancun",
      LicenseType: "MIT",
    },
  ]);
}

async function tokenHolders(
  state: ExplorerSandboxState,
  chainId: number,
  token: string,
  page: number,
  offset: number,
): Promise<Answer> {
  const balances = await holderBalances(state.chains.get(chainId)!, token.toLowerCase());
  const holders = [...balances.entries()]
    .sort(([, left], [, right]) => (left > right ? -1 : left < right ? 1 : 0))
    .slice((page - 1) * offset, page * offset)
    .map(([holder, balance]) => ({ TokenHolderAddress: holder, TokenHolderQuantity: balance.toString() }));
  return holders.length > 0 ? okAnswer(holders) : { status: "0", message: "No data found", result: [] };
}

function positive(value: string | undefined, fallback: number, max: number): number | undefined {
  if (value === undefined) return fallback;
  if (!/^[1-9][0-9]{0,5}$/.test(value)) return undefined;
  return Math.min(Number(value), max);
}

export function registerExplorerApiRoutes(app: FastifyInstance, state: ExplorerSandboxState): void {
  app.get<{ Querystring: Record<string, string | undefined> }>("/v2/api", async (request, reply) => {
    const query = request.query;
    const action = query.action ?? "";
    state.requests.push({ action, chainId: query.chainid ?? "", apiKey: query.apikey });
    if (state.outage) return reply.status(503).send("Service Unavailable");
    if (!query.apikey || query.apikey !== state.apiKey) return notOk("Missing/Invalid API Key");
    const chainId = Number(query.chainid);
    if (!/^[1-9][0-9]*$/.test(query.chainid ?? "") || !state.chains.has(chainId)) {
      return notOk(
        "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids",
      );
    }
    try {
      if (query.module === "contract" && action === "getsourcecode") {
        if (!addressPattern.test(query.address ?? "")) return notOk("Invalid Address format");
        return await sourceCode(state, chainId, query.address!);
      }
      if (query.module === "token" && action === "tokenholderlist") {
        if (!addressPattern.test(query.contractaddress ?? "")) return notOk("Invalid contractaddress format");
        const page = positive(query.page, 1, 100_000);
        const offset = positive(query.offset, 10, 10_000);
        if (page === undefined || offset === undefined) return notOk("Error! Invalid page or offset");
        return await tokenHolders(state, chainId, query.contractaddress!, page, offset);
      }
    } catch (error) {
      request.log.warn({ err: error }, "explorer sandbox: chain read failed");
      return notOk("Error! The node behind this explorer is unavailable, try again later");
    }
    return notOk("Error! Missing Or invalid Action name");
  });
}
