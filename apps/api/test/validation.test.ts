import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, requestMessage, submitLogin, type TestContext } from "./helper.ts";

let context: TestContext;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(async () => {
  await context.close();
});

const languages = [
  ["en-us", "en"],
  ["zh-cn", "cn"],
] as const;

describe("T12: validation messages in both languages, never a 500", () => {
  const expectations = {
    invalidAddress: { en: "Please enter the correct address format.", cn: "请输入正确的地址格式。" },
    unknownProject: { en: "Project not found: Nope", cn: "找不到项目：Nope" },
  };

  for (const [header, language] of languages) {
    it(`rejects a malformed address (${language})`, async () => {
      for (const address of ["0x123", "not-an-address", "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267"]) {
        const response = await context.app.inject({
          method: "GET",
          url: `/api/reg/Authentication/signMsg/Dropfair/${address}`,
          headers: { "accept-language": header },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(expectations.invalidAddress[language]);
      }
    });

    it(`rejects an unknown project (${language})`, async () => {
      const response = await context.app.inject({
        method: "GET",
        url: `/api/reg/Authentication/signMsg/Nope/${newWallet().address}`,
        headers: { "accept-language": header },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        content: null,
        typeCode: 402,
        message: expectations.unknownProject[language],
      });
    });

    it(`answers an unknown API path with typeCode 10 (${language})`, async () => {
      const response = await context.app.inject({
        method: "GET",
        url: "/api/bounty/nothing-here",
        headers: { "accept-language": header },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().typeCode).toBe(10);
    });
  }

  it("rejects a missing, non-hex or oversized signature with 400", async () => {
    const wallet = newWallet();
    await requestMessage(context.app, wallet);
    for (const payload of [
      {},
      { signature: "zz" },
      { signature: 5 },
      { signature: `0x${"a".repeat(30_000)}` },
    ]) {
      const { response, body } = await submitLogin(context.app, wallet, payload);
      expect(response.statusCode).toBe(400);
      expect(body.typeCode).toBe(400);
    }
  });

  it("rejects a body that is not JSON with 400", async () => {
    const response = await context.app.inject({
      method: "PUT",
      url: `/api/reg/Authentication/login/Dropfair/${newWallet().address}`,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().content).toBeNull();
  });
});

describe("T4: sign-in message fuzzing", () => {
  it("answers random and hostile messages with a 4xx, never a 5xx or a session", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const issued = body.content;
    const lines = issued.split("\n");
    const hostileField = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ minLength: 5000, maxLength: 9000 }),
      fc.constantFrom("\r\n", "\r\nURI: https://evil.example", "\nChain ID: 1", "\u0000", "Ω≈ç√", "%0d%0a"),
    );
    const message = fc.oneof(
      fc.string({ maxLength: 3000 }),
      fc
        .tuple(fc.nat({ max: lines.length - 1 }), hostileField)
        .map(([index, field]) =>
          lines.map((line, at) => (at === index ? `${line}${field}` : line)).join("\n"),
        ),
      fc.tuple(fc.nat({ max: lines.length - 1 }), hostileField).map(([index, field]) => {
        const copy = [...lines];
        copy.splice(index, 0, field);
        return copy.join("\n");
      }),
    );
    await fc.assert(
      // The untouched message is the one candidate that may sign in; every other must fail.
      fc.asyncProperty(
        message.filter((candidate) => candidate !== issued),
        async (candidate) => {
          const signature = await wallet.signMessage({ message: candidate });
          const { response } = await submitLogin(context.app, wallet, { signature, message: candidate });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answers random paths, queries and bodies without a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 80 }),
        fc.string({ maxLength: 80 }),
        fc.jsonValue({ maxDepth: 3 }),
        async (project, address, payload) => {
          const encodedProject = encodeURIComponent(project) || "x";
          const encodedAddress = encodeURIComponent(address) || "x";
          const get = await context.app.inject({
            method: "GET",
            url: `/api/reg/Authentication/signMsg/${encodedProject}/${encodedAddress}?chainId=${encodeURIComponent(address)}`,
          });
          expect(get.statusCode).toBeLessThan(500);
          const put = await context.app.inject({
            method: "PUT",
            url: `/api/reg/Authentication/login/${encodedProject}/${encodedAddress}`,
            payload: JSON.stringify(payload),
            headers: { "content-type": "application/json" },
          });
          expect(put.statusCode).toBeLessThan(500);
          expect(put.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 150 },
    );
  });
});
