// What the picker API test files share: the real app with the X sandbox, a block source the test steers (a
// fake chain), draw jobs queued for the test to run, a payment checker that accepts the transactions the test
// names, the host, two other X users and a helper signed in, and helpers for the requests and the draw.
import type { LocalChainFixture } from "@dropfair/contracts/testing";
import type { PickerDetail } from "@dropfair/schemas/picker";
import type { PublicClient } from "viem";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import {
  type PickerPayments,
  pickerErrors,
  runDrawStep,
  runPickerPipeline,
} from "../src/modules/picker/index.ts";
import { FakeChain } from "./fake-chain.ts";
import { everyTableOf, type TableSnapshot } from "./table-snapshot.ts";
import { buildTestAppWithX, signInWithX, type XTestContext } from "./x-helper.ts";

const giveaway = "2002842258109890560";
export const recent = "2005705122248130561";
export const partnerPost = "2004536924698050563";
export const giveawayUrl = `https://x.com/dropfair_host/status/${giveaway}`;

type Envelope<T = unknown> = { content: T; typeCode: number; message: string };

// Live bindings, set by usePickerApi's beforeAll: each test file that calls it gets its own app and chain.
export let context: XTestContext;
export let chain: FakeChain;
/** Draws the app queued, for the test to run with settleDraw. */
export const queuedDraws: number[] = [];
/** Transactions the fake payment checker accepts. */
export const goodTransactions = new Set<string>();
export const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;

const payments: PickerPayments = {
  async verifyMembership({ txHash, minAmount }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("not-found");
    return {
      payer: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
      amount: minAmount,
      blockTimestamp: new Date(),
    };
  },
  async verifyBatch({ txHash }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("missing-payment");
  },
  async verifyTransaction({ txHash }) {
    if (!goodTransactions.has(txHash)) throw pickerErrors.paymentInvalid("not-found");
  },
};

export let host: string;
export let alice: string;
export let helper: string;
export let carol: string;

export function call<T = unknown>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  options: { token?: string; body?: unknown; language?: string; headers?: Record<string, string> } = {},
) {
  return context.app
    .inject({
      method,
      url: `/api/bounty/picker${url}`,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.language ? { "accept-language": options.language } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { payload: options.body as object }),
    })
    .then((response) => ({ status: response.statusCode, body: response.json() as Envelope<T> }));
}

/** Every row of every table of the database, sorted, to show that refused calls changed nothing at all. */
export async function everyTable(): Promise<TableSnapshot> {
  const snapshot = await everyTableOf(context.database.db);
  expect(Object.keys(snapshot)).toContain("public.pickers");
  return snapshot;
}

export async function createPicker(body: Record<string, unknown> = {}, token = host) {
  const created = await call<PickerDetail>("POST", "/", {
    token,
    body: { postUrl: giveawayUrl, winnerCount: 3, ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.content;
}

/** Mines past the draw's target block and its confirmations, then runs the queued draw step. */
export async function settleDraw() {
  chain.mine(chain.head + 5n);
  const drawId = queuedDraws.shift();
  expect(drawId).toBeDefined();
  const outcome = await runDrawStep(
    {
      db: context.database.db,
      chainClient: () => chain.client(),
      confirmations: 2,
      timeoutMs: 60_000,
      now: () => new Date(),
    },
    drawId!,
  );
  expect(outcome).toEqual({ state: "drawn" });
}

export async function winners(id: number, token?: string) {
  const page = await call<{
    rows: { xUserId: string; username: string; rank: number; info: string | null }[];
  }>("GET", `/${id}/participants?filter=winners&size=200`, { token });
  return page.body.content.rows;
}

/**
 * Builds this file's app against a fresh database and a fake chain at block 100, with the pipeline run inline
 * and draws queued, signs in the host (dropfair_host), alice, the helper (dropfair_admin) and carol, empties the
 * draw queue before each test and closes the app after. With `localChain` (started first, by useLocalChain),
 * payments are checked on it by the real verifier instead: membership in its test USDT to its last account.
 */
export function usePickerApi(options: { localChain?: LocalChainFixture } = {}): void {
  beforeAll(async () => {
    // Test files can share a worker (vitest without isolation): this file starts from the helper's initial state.
    queuedDraws.length = 0;
    goodTransactions.clear();
    chain = new FakeChain();
    chain.mine(100n);
    const local = options.localChain;
    context = await buildTestAppWithX({
      chainClient: (chainId) =>
        chainId === 1
          ? chain.client()
          : local && chainId === local.chainId
            ? (local.publicClient as PublicClient)
            : undefined,
      pickerJobs: {
        pipeline: async (pickerId) => {
          await runPickerPipeline({ db: context.database.db, x: context.app.x, pickerId });
        },
        draw: async (drawId) => {
          queuedDraws.push(drawId);
        },
      },
      pickerPayments: local ? undefined : payments,
      environment: {
        MEMBERSHIP_CHAIN_ID: "31337",
        MEMBERSHIP_TOKEN_ADDRESS: local?.deployment.testUsdt ?? "0x5FbDB2315678afecb367f032d93F642f64180aa3",
        MEMBERSHIP_TREASURY_ADDRESS:
          local?.accounts.at(-1)?.address ?? "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      },
    });
    [host, alice, helper, carol] = await Promise.all([
      signInWithX(context, "dropfair_host"),
      signInWithX(context, "sandbox_alice"),
      signInWithX(context, "dropfair_admin"),
      signInWithX(context, "sandbox_carol"),
    ]);
  });

  afterAll(async () => {
    await context?.close();
  });

  beforeEach(() => {
    queuedDraws.length = 0;
  });
}
