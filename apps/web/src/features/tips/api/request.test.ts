import { afterEach, describe, expect, it, vi } from "vitest";
import { apiEvents } from "../../../shared/api/api-events";
import { ApiCodeError } from "../../../shared/api/feature-request";
import { tipsRequest } from "./request";

const forbiddenResponse = (typeCode: number, message: string) =>
  new Response(JSON.stringify({ content: null, typeCode, message }), {
    status: 403,
    headers: { "content-type": "application/json" },
  });

afterEach(() => vi.unstubAllGlobals());

describe("tipsRequest", () => {
  it("explains a tips 403 ('You Are Not The Creator') inline instead of opening the beta-access dialog", async () => {
    const forbidden = vi.fn();
    const off = apiEvents.on("forbidden", forbidden);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => forbiddenResponse(750, "You Are Not The Creator")),
    );
    try {
      await tipsRequest("/campaigns/1/confirm", () => import("zod").then(({ z }) => z.null()), {
        method: "POST",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiCodeError);
      expect((error as ApiCodeError).message).toBe("You Are Not The Creator");
    }
    expect(forbidden).not.toHaveBeenCalled();
    off();
  });
});
