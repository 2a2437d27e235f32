import { describe, expect, it } from "vitest";
import { bodyOfForm, emptyEntryForm, formOfEntry, parseLinks, parseRequirements } from "./entry-form";
import { filtersFromSearch, searchWithFilters } from "./filters";

describe("drops filters in the URL", () => {
  it("reads what is valid and drops the rest", () => {
    expect(
      filtersFromSearch(new URLSearchParams("category=l2&status=1&days=7&keyword=%20zk%20%20rollup&page=3")),
    ).toEqual({
      category: "l2",
      status: 1,
      days: 7,
      keyword: "zk rollup",
      page: 3,
    });
    expect(filtersFromSearch(new URLSearchParams("category=Bad!&status=9&days=5&page=0"))).toEqual({
      category: undefined,
      status: undefined,
      days: undefined,
      keyword: "",
      page: 1,
    });
    expect(filtersFromSearch(new URLSearchParams(""), { days: 1 }).days).toBe(1);
  });

  it("goes back to page 1 on any change but the page, keeping other parameters", () => {
    const current = new URLSearchParams("keyword=zk&page=4&status=1&other=x");
    expect(searchWithFilters(current, { days: 7 }).toString()).toBe("keyword=zk&status=1&other=x&days=7");
    expect(searchWithFilters(current, { status: undefined }).toString()).toBe("keyword=zk&other=x");
    expect(searchWithFilters(current, { page: 2 }).toString()).toBe("keyword=zk&page=2&status=1&other=x");
    expect(searchWithFilters(current, { page: 1 }).get("page")).toBeNull();
  });
});

describe("the entry form", () => {
  it("reads links and requirements one per line", () => {
    expect(parseLinks("website https://a.example\n\n  x https://x.com/a \nhttps://b.example")).toEqual([
      { kind: "website", url: "https://a.example" },
      { kind: "x", url: "https://x.com/a" },
      { kind: "website", url: "https://b.example" },
    ]);
    expect(parseRequirements("Bridge | ETH | https://a.example\nNo link")).toEqual([
      { action: "Bridge | ETH", url: "https://a.example" },
      { action: "No link", url: "" },
    ]);
  });

  it("round-trips an entry through the form", () => {
    const values = {
      ...emptyEntryForm(new Date("2026-11-26T12:00:00Z"), "defi"),
      project: "P",
      title: "T",
      chains: "1, 56 ,x",
      links: "docs https://d.example",
      requirements: "Swap | https://s.example",
      estimatedCost: "  ",
      verifiedLinks: true,
    };
    const body = bodyOfForm(values);
    expect(body).toMatchObject({
      chainIds: [1, 56],
      endAt: null,
      estimatedCost: null,
      links: [{ kind: "docs", url: "https://d.example" }],
      requirements: [{ action: "Swap", url: "https://s.example" }],
      verifiedLinks: true,
    });
    expect(new Date(body.startAt).toISOString()).toBe("2026-11-26T12:00:00.000Z");
    const entry = {
      ...body,
      kind: "news" as const,
      id: 1,
      onDropfair: false,
      logoUrl: null,
      summary: "",
      category: "defi",
      status: 1,
      chainIds: [1, 56],
      startAt: body.startAt,
      endAt: null,
      listedAt: body.startAt,
      links: body.links ?? [],
      requirements: body.requirements ?? [],
      estimatedCost: null,
      estimatedReward: null,
      sourceName: null,
      sourceUrl: null,
      verifiedLinks: true,
      featured: false,
      isSample: false,
      published: false,
      publishedAt: null,
      createdAt: body.startAt,
      updatedAt: body.startAt,
    };
    expect(formOfEntry(entry)).toMatchObject({ chains: "1, 56", startAt: values.startAt, endAt: "" });
  });
});
