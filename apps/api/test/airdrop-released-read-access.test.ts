// T8 for the reads of a released airdrop, generated from the route table: once released, an airdrop, its
// participant list, the claims list and anyone's proof are public (anyone can check the Merkle root), while the
// list's background import stays its creator's. The draft's reads are in airdrop-read-access.test.ts.
import { beforeAll, describe, expect, it } from "vitest";
import { context, creatorToken, releasedAirdrop, stranger, useAirdropApi } from "./airdrop-api-helper.ts";
import { documentedRoutes } from "./route-table.ts";

useAirdropApi();

type Refusal = { status: number; body: { content: null; typeCode: number; message: string } };
const refusal = (status: number, typeCode: number, message: string): Refusal => ({
  status,
  body: { content: null, typeCode, message },
});
const signInFirst = refusal(401, 420, "Please connect your wallet and sign in first.");
const notCreator = refusal(403, 200, "You Are Not The Creator");
const noLogo = refusal(404, 10, "This airdrop has no token logo.");

/** Each read route of a released airdrop: 200 for anyone ("public"), or the refusal. */
const reads: Record<string, { anonymous: "public" | Refusal; stranger: "public" | Refusal }> = {
  "/api/bounty/airdrop/{id}": { anonymous: "public", stranger: "public" },
  "/api/bounty/airdrop/{id}/participants": { anonymous: "public", stranger: "public" },
  "/api/bounty/airdrop/{id}/claims-list": { anonymous: "public", stranger: "public" },
  // Whose claim: the signed-in wallet's (the stranger's own: not eligible), or any account's by ?account=.
  "/api/bounty/airdrop/{id}/claim": { anonymous: signInFirst, stranger: "public" },
  "/api/bounty/airdrop/{id}/participants/import": { anonymous: signInFirst, stranger: notCreator },
  // None was uploaded: everyone, the creator too, gets the same 404.
  "/api/bounty/airdrop/{id}/logo": { anonymous: noLogo, stranger: noLogo },
};

let releasedId: number;
beforeAll(async () => {
  releasedId = (await releasedAirdrop({ title: "Public drop" })).id;
});

async function read(route: string, token?: string) {
  const response = await context.app.inject({
    url: route.replace("{id}", String(releasedId)),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return response;
}

describe("reads of a released airdrop (T8)", () => {
  it("cover every read route of the route table", async () => {
    const documented = await documentedRoutes(context.app, {
      methods: ["get"],
      prefix: "/api/bounty/airdrop/{id}",
    });
    expect(documented).toEqual(
      Object.keys(reads)
        .map((path) => `GET ${path}`)
        .sort(),
    );
  });

  it("answer anyone with the public record, and only the creator with the list's import", async () => {
    for (const [route, expected] of Object.entries(reads)) {
      for (const [who, token] of [
        ["anonymous", undefined],
        ["stranger", stranger.token],
      ] as const) {
        const answer = await read(route, token);
        const wanted = expected[who];
        if (wanted === "public") expect(answer.statusCode, `${route} ${who}`).toBe(200);
        else expect({ status: answer.statusCode, body: answer.json() }, `${route} ${who}`).toEqual(wanted);
      }
    }
    const own = await read("/api/bounty/airdrop/{id}/participants/import", creatorToken);
    expect({ status: own.statusCode, content: own.json().content }).toEqual({ status: 200, content: null });
  });
});
