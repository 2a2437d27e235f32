// The response serializer writes exactly the declared fields, nullable ones included, whichever value they hold.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { foldNullables, serializerCompiler } from "../src/platform/serializer.ts";

const schema = z.object({
  id: z.number().int(),
  at: z.iso.datetime().nullable(),
  kind: z.enum(["sbt", "nft"]).nullable(),
  token: z.object({ id: z.string(), period: z.number() }).nullable(),
  either: z.union([z.string(), z.number()]).nullable(),
  list: z.array(z.object({ name: z.string().nullable() })),
});

const serialize = serializerCompiler({ schema } as never) as (value: unknown) => string;

describe("response serializer", () => {
  it("writes nullable fields with a value and without one, and nothing undeclared", () => {
    const full = {
      id: 1,
      at: "2026-07-01T00:00:00.000Z",
      kind: "nft",
      token: { id: "7", period: 202607, secret: "no" },
      either: 5,
      list: [{ name: "a" }, { name: null }],
      extra: "dropped",
    };
    expect(JSON.parse(serialize(full))).toEqual({
      id: 1,
      at: "2026-07-01T00:00:00.000Z",
      kind: "nft",
      token: { id: "7", period: 202607 },
      either: 5,
      list: [{ name: "a" }, { name: null }],
    });
    const empty = { id: 2, at: null, kind: null, token: null, either: null, list: [] };
    expect(JSON.parse(serialize(empty))).toEqual(empty);
  });

  it("folds T-or-null into a type list and leaves other unions alone", () => {
    expect(foldNullables({ anyOf: [{ type: "string", format: "date-time" }, { type: "null" }] })).toEqual({
      type: ["string", "null"],
      format: "date-time",
    });
    expect(foldNullables({ anyOf: [{ type: "string", enum: ["a"] }, { type: "null" }] })).toEqual({
      type: ["string", "null"],
      enum: ["a", null],
    });
    const union = { anyOf: [{ anyOf: [{ type: "string" }, { type: "number" }] }, { type: "null" }] };
    expect(foldNullables(union)).toEqual(union);
  });
});
