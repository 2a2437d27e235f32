// T8 for reads, generated from the route table: every read route of one airdrop, asked about another user's
// draft, answers an anonymous caller and a stranger with the documented refusal and no data (a draft is its
// creator's alone, so it does not exist for anyone else). A new read route fails this test until it is listed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, createAirdropDraft, newWallet, signIn, type TestContext } from "./helper.ts";
import { documentedRoutes } from "./route-table.ts";

const notFound = { status: 404, body: { content: null, typeCode: 10, message: "No data." } };
const signInFirst = {
  status: 401,
  body: { content: null, typeCode: 420, message: "Please connect your wallet and sign in first." },
};

/** Each read route of one airdrop: what an anonymous caller and a stranger get for someone else's draft. */
const refusals: Record<string, { anonymous: typeof notFound; stranger: typeof notFound }> = {
  "/api/bounty/airdrop/{id}": { anonymous: notFound, stranger: notFound },
  "/api/bounty/airdrop/{id}/participants": { anonymous: notFound, stranger: notFound },
  "/api/bounty/airdrop/{id}/participants/import": { anonymous: signInFirst, stranger: notFound },
  "/api/bounty/airdrop/{id}/logo": { anonymous: notFound, stranger: notFound },
  "/api/bounty/airdrop/{id}/claim": { anonymous: notFound, stranger: notFound },
  "/api/bounty/airdrop/{id}/claims-list": { anonymous: notFound, stranger: notFound },
};

let context: TestContext;
let draftId: number;
let strangerToken: string;
let creatorToken: string;
beforeAll(async () => {
  context = await buildTestApp();
  creatorToken = (await signIn(context.app)).token;
  strangerToken = (await signIn(context.app)).token;
  draftId = (await createAirdropDraft(context.app, creatorToken, { title: "Private draft" })).id;
  const listed = await context.app.inject({
    method: "PUT",
    url: `/api/bounty/airdrop/${draftId}/participants`,
    headers: { authorization: `Bearer ${creatorToken}`, "content-type": "text/plain" },
    payload: newWallet().address,
  });
  expect(listed.statusCode).toBe(200);
});
afterAll(async () => {
  await context.close();
});

describe("reads of another user's airdrop draft (T8)", () => {
  it("cover every read route of the route table", async () => {
    const reads = await documentedRoutes(context.app, {
      methods: ["get"],
      prefix: "/api/bounty/airdrop/{id}",
    });
    expect(reads).toEqual(
      Object.keys(refusals)
        .map((path) => `GET ${path}`)
        .sort(),
    );
  });

  it("answer anonymous callers and strangers with the refusal and no data; the creator reads the draft", async () => {
    for (const [route, expected] of Object.entries(refusals)) {
      const url = route.replace("{id}", String(draftId));
      const anonymous = await context.app.inject({ url });
      expect({ status: anonymous.statusCode, body: anonymous.json() }, `${route} anonymous`).toEqual(
        expected.anonymous,
      );
      const stranger = await context.app.inject({
        url,
        headers: { authorization: `Bearer ${strangerToken}` },
      });
      expect({ status: stranger.statusCode, body: stranger.json() }, `${route} stranger`).toEqual(
        expected.stranger,
      );
    }
    const own = await context.app.inject({
      url: `/api/bounty/airdrop/${draftId}`,
      headers: { authorization: `Bearer ${creatorToken}` },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().content.title).toBe("Private draft");
  });
});
