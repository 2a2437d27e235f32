// T8 for the picker's reads, generated from the route table: every read route of one picker, asked by an anonymous
// caller and by another X user, answers either the public view (which never carries a winner's custom info) or
// the documented refusal with no data. A new read route fails this test until it is listed.
import type { PickerDetail } from "@dropfair/schemas/picker";
import { beforeAll, describe, expect, it } from "vitest";
import {
  alice,
  call,
  carol,
  context,
  createPicker,
  helper,
  host,
  settleDraw,
  usePickerApi,
  winners,
} from "./picker-api-helper.ts";
import { documentedRoutes } from "./route-table.ts";
import { signInWithX } from "./x-helper.ts";

usePickerApi();

type Refusal = { status: number; body: { content: null; typeCode: number; message: string } };
/** Public: 200 for anyone, and no custom winner info in it (only the host, its helpers and the winner see it). */
type Expected = "public" | Refusal;

const notOwner: Refusal = {
  status: 403,
  body: { content: null, typeCode: 430, message: "You are not owner" },
};
const noPoster: Refusal = {
  status: 404,
  body: { content: null, typeCode: 10, message: "This picker has no custom poster." },
};

/**
 * Each read route of one picker. Its detail, participants, history, draw file and the owner's ban list are the
 * public record a draw is verified against; the helpers list is the owner's and its helpers' alone. The poster
 * is public once uploaded; this picker has none, so everyone (its owner too) gets the same 404. What the owner
 * reads is in the last test.
 */
const reads: Record<string, { anonymous: Expected; stranger: Expected }> = {
  "/api/bounty/picker/{id}": { anonymous: "public", stranger: "public" },
  "/api/bounty/picker/{id}/participants": { anonymous: "public", stranger: "public" },
  "/api/bounty/picker/{id}/history": { anonymous: "public", stranger: "public" },
  "/api/bounty/picker/{id}/draw-file": { anonymous: "public", stranger: "public" },
  "/api/bounty/picker/{id}/bans": { anonymous: "public", stranger: "public" },
  "/api/bounty/picker/{id}/admins": { anonymous: notOwner, stranger: notOwner },
  "/api/bounty/picker/{id}/poster": { anonymous: noPoster, stranger: noPoster },
  "/api/bounty/picker/seed/{id}": { anonymous: "public", stranger: "public" },
};

const secret = "@secret_handle_4711";
let picker: PickerDetail;
let winnerToken: string;
/** Other X users: signed in, neither the host, a helper nor the winner. */
let strangers: string[];

beforeAll(async () => {
  picker = await createPicker({ infoType: "custom", infoName: "Telegram handle", winnerCount: 1 });
  const added = await call("POST", `/${picker.id}/admins`, {
    token: host,
    body: { username: "dropfair_admin" },
  });
  expect(added.status).toBe(200);
  const banned = await call("POST", `/${picker.id}/bans`, {
    token: host,
    body: { username: "sandbox_bob", reason: "spam" },
  });
  expect(banned.status).toBe(200);
  expect((await call("POST", `/${picker.id}/draw`, { token: host })).status).toBe(200);
  await settleDraw();
  const [winner] = await winners(picker.id, host);
  winnerToken = await signInWithX(context, winner!.username);
  const submitted = await call("PUT", `/${picker.id}/info`, { token: winnerToken, body: { info: secret } });
  expect(submitted.status).toBe(200);
  strangers = [
    ["sandbox_alice", alice],
    ["sandbox_carol", carol],
  ]
    .filter(([username]) => username !== winner!.username)
    .map(([, token]) => token!);
  expect(strangers.length).toBeGreaterThan(0);
});

function urlOf(route: string): string {
  return route
    .replace("/api/bounty/picker", "")
    .replace("/seed/{id}", `/seed/${picker.seed}`)
    .replace("{id}", String(picker.id));
}

async function read(route: string, token?: string) {
  const response = await context.app.inject({
    url: `/api/bounty/picker${urlOf(route)}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, text: response.body };
}

function expectAnswer(answer: { status: number; text: string }, expected: Expected, who: string): void {
  if (expected === "public") {
    expect(answer.status, who).toBe(200);
    expect(answer.text.includes(secret), `${who} sees the custom info`).toBe(false);
  } else {
    expect({ status: answer.status, body: JSON.parse(answer.text) }, who).toEqual(expected);
  }
}

describe("reads of one picker, generated from the route table (T8)", () => {
  it("cover every read route of the route table", async () => {
    const documented = await documentedRoutes(context.app, {
      methods: ["get"],
      prefix: "/api/bounty/picker/",
    });
    const ofOnePicker = documented.filter((route) => route.includes("{id}"));
    expect(ofOnePicker).toEqual(
      Object.keys(reads)
        .map((path) => `GET ${path}`)
        .sort(),
    );
  });

  it("answer anonymous callers and other users with the public view or the refusal, never custom info", async () => {
    for (const [route, expected] of Object.entries(reads)) {
      expectAnswer(await read(route), expected.anonymous, `${route} anonymous`);
      for (const [index, token] of strangers.entries())
        expectAnswer(await read(route, token), expected.stranger, `${route} stranger ${index}`);
    }
  });

  it("serve the host every read, and the custom info to the host, its helper and the winner", async () => {
    for (const route of Object.keys(reads))
      expect((await read(route, host)).status, route).toBe(route.endsWith("/poster") ? 404 : 200);
    const participants = "/api/bounty/picker/{id}/participants";
    for (const token of [host, helper, winnerToken])
      expect((await read(`${participants}?filter=winners`, token)).text.includes(secret)).toBe(true);
    const admins = await call<{ username: string }[]>("GET", `/${picker.id}/admins`, { token: helper });
    expect(admins.status).toBe(200);
    expect(admins.body.content.map((admin) => admin.username)).toEqual(["dropfair_admin"]);
  });
});
