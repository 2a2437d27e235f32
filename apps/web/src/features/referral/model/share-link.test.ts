import { describe, expect, it } from "vitest";
import { copyText, pageCount, shareUrl } from "./share-link";

describe("shareUrl", () => {
  it("joins the origin and the localised share path", () => {
    expect(shareUrl("https://dropfair.example", "/achievement/alice-01")).toBe(
      "https://dropfair.example/achievement/alice-01",
    );
    expect(shareUrl("http://localhost:3000/", "/cn/achievement/alice-01")).toBe(
      "http://localhost:3000/cn/achievement/alice-01",
    );
  });
});

describe("copyText", () => {
  it("answers true when the clipboard took the text", async () => {
    const written: string[] = [];
    expect(await copyText("link", { writeText: async (text) => void written.push(text) })).toBe(true);
    expect(written).toEqual(["link"]);
  });

  it("answers false when there is no clipboard or it refuses", async () => {
    expect(await copyText("link", null)).toBe(false);
    expect(
      await copyText("link", {
        writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")),
      }),
    ).toBe(false);
  });
});

describe("pageCount", () => {
  it("is at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
  });
});
