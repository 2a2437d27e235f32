// T9 across the API: every PATCH and PUT route of the route table has a test that sends it fields the route must
// not take and checks that they are refused (or, for the sign-in, ignored) and that nothing changed. The tests
// live with each module's own set-up; this file holds the list, so a new update route fails it until its test
// is named here.
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "./helper.ts";
import { documentedRoutes } from "./route-table.ts";

/** Each update route: the test file and the title of the test that sends it forbidden fields. */
const massAssignmentTests: Record<string, [file: string, title: string]> = {
  "PATCH /api/bounty/airdrop/{id}": [
    "airdrop-mass-assignment.test.ts",
    "PATCH: an edit carrying a field it may not set is refused whole, on a draft and on a funded airdrop",
  ],
  "PUT /api/bounty/airdrop/{id}/logo": ["airdrop-mass-assignment.test.ts", "PUT logo: only the image"],
  "PUT /api/bounty/airdrop/{id}/participants": [
    "airdrop-mass-assignment.test.ts",
    "PUT participants: only the list as text; a JSON body of fields is refused (415)",
  ],
  "PATCH /api/bounty/picker/{id}": [
    "picker-mass-assignment.test.ts",
    "PATCH: the owner's own edit is refused whole when it carries a field it may not set",
  ],
  "PUT /api/bounty/picker/{id}/info": [
    "picker-mass-assignment.test.ts",
    "PUT info: a winner cannot set another entry's info, a role or the picker through the form",
  ],
  "PUT /api/bounty/picker/{id}/poster": ["picker-mass-assignment.test.ts", "PUT poster: only the image"],
  "PATCH /api/bounty/badges/badges/{badgeId}": [
    "badges-admin.test.ts",
    "refuses extra fields such as a mint count, an owner or a programme kind",
  ],
  "PATCH /api/bounty/badges/programmes/{code}": [
    "badges-admin.test.ts",
    "refuses extra fields such as a mint count, an owner or a programme kind",
  ],
  "PUT /api/bounty/badges/badges/{badgeId}/image": [
    "badges-admin.test.ts",
    "refuses extra fields such as a mint count, an owner or a programme kind",
  ],
  "PUT /api/bounty/badges/badges/{badgeId}/list": [
    "badges-admin.test.ts",
    "refuses extra fields such as a mint count, an owner or a programme kind",
  ],
  "PATCH /api/bounty/feedback/reports/{id}": [
    "feedback-reports.test.ts",
    "refuses extra fields, unknown statuses and unknown reports without changing anything (T9)",
  ],
  "PATCH /api/bounty/missions/{missionId}": [
    "missions-api-safety.test.ts",
    "extra fields in a check or a mission body are a 400 and change nothing",
  ],
  "PUT /api/bounty/missions/achievement/order": [
    "missions-api-safety.test.ts",
    "extra fields in a check or a mission body are a 400 and change nothing",
  ],
  "PATCH /api/bounty/news/admin/entries/{id}": [
    "news-admin.test.ts",
    "refuse fields the administrator may not set this way (T9), creating nothing",
  ],
  "PUT /api/bounty/news/admin/entries/{id}/featured": [
    "news-admin.test.ts",
    "refuse fields the administrator may not set this way (T9), creating nothing",
  ],
  "PUT /api/bounty/referral/me/code": [
    "referral-codes.test.ts",
    "answers 400, never 500, for bodies that are not a code, and refuses extra fields",
  ],
  "PATCH /api/bounty/tips/campaigns/{id}": [
    "tips-api-campaigns.test.ts",
    "PATCH: an edit carrying a field it may not set is refused whole (status, creator, funding, counts)",
  ],
  "PUT /api/reg/Authentication/login/{project}/{address}": [
    "sign-in.test.ts",
    "ignores fields a client must not set (mass assignment)",
  ],
};

let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(async () => {
  await context.close();
});

describe("mass assignment on every update route (T9)", () => {
  it("names a test for every PATCH and PUT route of the route table", async () => {
    const routes = await documentedRoutes(context.app, { methods: ["patch", "put"] });
    expect(routes).toEqual(Object.keys(massAssignmentTests).sort());
  });

  it("names tests that exist, and that send the route itself", () => {
    for (const [route, [file, title]] of Object.entries(massAssignmentTests)) {
      const source = readFileSync(new URL(file, import.meta.url), "utf8");
      expect(source.includes(`"${title}"`), `${route}: ${file} › "${title}"`).toBe(true);
      // The route's own path (its last fixed part) appears in the file: the named test can be about it.
      const lastPart = route
        .split("/")
        .filter((part) => part && !part.startsWith("{"))
        .at(-1)!;
      expect(source.includes(lastPart), `${route} in ${file}`).toBe(true);
    }
  });
});
