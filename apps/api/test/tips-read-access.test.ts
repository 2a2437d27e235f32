// T8 for the reads of a tips campaign, generated from the route table: the campaign, its leaderboard, its
// snapshot file and its ban list are public (anyone can recompute the leaderboard); the abuse reports and the
// helpers are the organizers'; a payout is the signed-in participant's own, and no one else's is reachable.
import { describe, expect, it } from "vitest";
import { documentedRoutes } from "./route-table.ts";
import {
  adminToken,
  alice,
  context,
  createCampaign,
  creatorToken,
  join,
  strangerToken,
  useTipsApi,
} from "./tips-helper.ts";

useTipsApi();

type Refusal = { status: number; typeCode: number; message: string };
const signInFirst: Refusal = {
  status: 401,
  typeCode: 420,
  message: "Please connect your wallet and sign in first.",
};
const notOwner: Refusal = { status: 403, typeCode: 750, message: "You are not owner" };
const notParticipant: Refusal = {
  status: 404,
  typeCode: 761,
  message: "This account does not take part in the campaign.",
};
const noSnapshotYet: Refusal = { status: 404, typeCode: 10, message: "No data." };

/** Each read route of a campaign: 200 for the caller ("public"), or the refusal. */
const reads: Record<string, { anonymous: "public" | Refusal; stranger: "public" | Refusal }> = {
  "/api/bounty/tips/campaigns/{id}": { anonymous: "public", stranger: "public" },
  "/api/bounty/tips/campaigns/{id}/leaderboard": { anonymous: "public", stranger: "public" },
  "/api/bounty/tips/campaigns/{id}/bans": { anonymous: "public", stranger: "public" },
  // Before the first computation there is no snapshot: everyone, the creator too, gets the same 404.
  "/api/bounty/tips/campaigns/{id}/snapshot": { anonymous: noSnapshotYet, stranger: noSnapshotYet },
  "/api/bounty/tips/campaigns/{id}/reports": { anonymous: signInFirst, stranger: notOwner },
  "/api/bounty/tips/campaigns/{id}/helpers": { anonymous: signInFirst, stranger: notOwner },
  // The caller's own payout: a stranger takes no part, so has none; there is no way to ask for another's.
  "/api/bounty/tips/campaigns/{id}/claim": { anonymous: signInFirst, stranger: notParticipant },
};

describe("reads of a tips campaign (T8)", () => {
  it("cover every read route of the route table", async () => {
    const documented = await documentedRoutes(context.app, {
      methods: ["get"],
      prefix: "/api/bounty/tips/campaigns/{id}",
    });
    expect(documented).toEqual(
      Object.keys(reads)
        .map((path) => `GET ${path}`)
        .sort(),
    );
  });

  it("answer anyone with the public record, and only organizers and the participant with theirs", async () => {
    const campaign = await createCampaign();
    await join(campaign.id, alice);
    for (const [route, expected] of Object.entries(reads)) {
      for (const [who, token] of [
        ["anonymous", undefined],
        ["stranger", strangerToken],
      ] as const) {
        const response = await context.app.inject({
          url: route.replace("{id}", String(campaign.id)),
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const wanted = expected[who];
        if (wanted === "public") {
          expect(response.statusCode, `${who} ${route}`).toBe(200);
        } else {
          const body = response.json();
          expect(
            { status: response.statusCode, typeCode: body.typeCode, message: body.message },
            `${who} ${route}`,
          ).toEqual(wanted);
          expect(body.content, `${who} ${route}`).toBeNull();
        }
      }
    }
    // The owners read what the others may not.
    for (const token of [creatorToken, adminToken]) {
      for (const path of ["reports", "helpers"]) {
        const read = await context.app.inject({
          url: `/api/bounty/tips/campaigns/${campaign.id}/${path}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(read.statusCode, path).toBe(200);
      }
    }
    const own = await context.app.inject({
      url: `/api/bounty/tips/campaigns/${campaign.id}/claim`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(own.json().content).toMatchObject({ state: "none", amount: "0" });
    // The detail tells only the caller about the caller.
    const seenByStranger = await context.app.inject({
      url: `/api/bounty/tips/campaigns/${campaign.id}`,
      headers: { authorization: `Bearer ${strangerToken}` },
    });
    expect(seenByStranger.json().content.me).toEqual({
      joined: false,
      banned: false,
      xUserId: null,
      reloadAvailableAt: null,
    });
  });
});
