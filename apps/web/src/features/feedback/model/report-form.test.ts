import { describe, expect, it } from "vitest";
import { reportedPageFrom, screenshotProblem, validateReportForm } from "./report-form";

const valid = { title: "Claim fails", description: "Nothing happens.", page: "/airdrop/1", contact: "" };

describe("validateReportForm", () => {
  it("accepts a complete report with no contact", () => {
    expect(validateReportForm(valid)).toEqual({});
  });

  it("requires a visible title, description and page", () => {
    expect(validateReportForm({ ...valid, title: " \u200b ", description: "", page: "  " })).toEqual({
      title: "required",
      description: "required",
      page: "required",
    });
  });

  it("counts characters as the server does, and caps every field", () => {
    expect(validateReportForm({ ...valid, title: "界".repeat(120) })).toEqual({});
    expect(validateReportForm({ ...valid, title: "界".repeat(121) })).toEqual({ title: "tooLong" });
    expect(validateReportForm({ ...valid, contact: "c".repeat(201) })).toEqual({ contact: "tooLong" });
    expect(validateReportForm({ ...valid, description: "d".repeat(5001) })).toEqual({
      description: "tooLong",
    });
  });
});

describe("screenshotProblem", () => {
  it("takes PNG, JPEG and WebP up to 1 MB", () => {
    expect(screenshotProblem({ type: "image/png", size: 1024 * 1024 })).toBeUndefined();
    expect(screenshotProblem({ type: "image/webp", size: 1024 * 1024 + 1 })).toBe("tooLarge");
    expect(screenshotProblem({ type: "image/svg+xml", size: 10 })).toBe("type");
    expect(screenshotProblem({ type: "image/gif", size: 10 })).toBe("type");
  });
});

describe("reportedPageFrom", () => {
  it("keeps a local path only", () => {
    expect(reportedPageFrom("?page=%2Fairdrop%2F12")).toBe("/airdrop/12");
    expect(reportedPageFrom("?page=https%3A%2F%2Fevil.example")).toBe("");
    expect(reportedPageFrom("?page=%2F%2Fevil.example")).toBe("");
    expect(reportedPageFrom("")).toBe("");
  });
});
