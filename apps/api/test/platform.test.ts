import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, type TestContext } from "./helper.ts";

let context: TestContext;
const webDist = mkdtempSync(join(tmpdir(), "dropfair-web-"));
beforeAll(async () => {
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Dropfair</title><div id=root></div>");
  writeFileSync(join(webDist, "assets", "index-abc123.js"), "console.log('app')");
  context = await buildTestApp({
    environment: {
      WEB_DIST_DIR: webDist,
      SIGN_IN_RATE_LIMIT_PER_MINUTE: "5",
      SANDBOX_RPC_URL: "http://127.0.0.1:1",
    },
  });
});
afterAll(async () => {
  await context.close();
});

describe("operations endpoints", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await context.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await context.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.database).toBe("ok");
  });

  it("exposes Prometheus metrics", async () => {
    await context.app.inject("/healthz");
    const metrics = await context.app.inject("/metrics");
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain("http_requests_total");
    expect(metrics.body).toContain("process_cpu_seconds_total");
  });

  it("refuses /metrics to a caller on another host without the token", async () => {
    const response = await context.app.inject({ url: "/metrics", remoteAddress: "203.0.113.7" });
    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain("http_requests_total");
  });

  it("publishes OpenAPI generated from the route schemas", async () => {
    const spec = (await context.app.inject("/api/docs/json")).json();
    expect(spec.openapi).toBe("3.1.0");
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        "/api/reg/Authentication/signMsg/{project}/{address}",
        "/api/reg/Authentication/login/{project}/{address}",
        "/api/reg/socialmedia/LoginStatus",
        "/api/reg/socialmedia/LoginStatusDetail",
        "/api/reg/socialmedia/LoginStatusDetail/twitter",
        "/api/bounty/platform/config",
      ]),
    );
    const login = spec.paths["/api/reg/Authentication/login/{project}/{address}"].put;
    expect(login.requestBody.content["application/json"].schema.properties.signature).toBeDefined();
    expect((await context.app.inject("/api/docs")).statusCode).toBeLessThan(400);
  });

  it("tags every answer with a request id", async () => {
    const response = await context.app.inject({ url: "/healthz", headers: { "x-request-id": "abc-123" } });
    expect(response.headers["x-request-id"]).toBe("abc-123");
  });

  it("serves the platform settings in the envelope", async () => {
    const config = (await context.app.inject("/api/bounty/platform/config")).json();
    expect(config.typeCode).toBe(1);
    expect(config.content.project).toBe("Dropfair");
    expect(config.content.defaultChainId).toBe(56);
    expect(config.content.sandbox).toBe(true);
    expect(config.content.chains.map((chain: { id: number }) => chain.id)).toEqual([
      56, 1, 42766, 81457, 31337,
    ]);
    expect(config.content.points).toEqual({
      pointName: "EP",
      pointsPerLevel: 100,
      referralReward: 50,
    });
  });
});

describe("web app serving", () => {
  it("serves the SPA with history fallback and security headers", async () => {
    for (const path of ["/", "/picker2/123", "/cn/airdrop/create?x=1"]) {
      const page = await context.app.inject(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<div id=root>");
      const csp = String(page.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(page.headers["x-content-type-options"]).toBe("nosniff");
    }
  });

  it("serves fingerprinted assets with a long cache life", async () => {
    const asset = await context.app.inject("/assets/index-abc123.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("answers a missing fingerprinted asset with 404, not the app shell", async () => {
    const asset = await context.app.inject("/assets/index-missing.js");
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain("<div id=root>");
  });

  it("does not fall back to the SPA for API paths", async () => {
    const response = await context.app.inject("/api/nothing");
    expect(response.statusCode).toBe(404);
    expect(response.json().typeCode).toBe(10);
  });
});

describe("sandbox chain proxy", () => {
  it("refuses methods that would drive the node's own accounts", async () => {
    const response = await context.app.inject({
      method: "POST",
      url: "/api/sandbox/rpc",
      payload: { jsonrpc: "2.0", id: 1, method: "eth_sendTransaction", params: [] },
    });
    expect(response.json().error.code).toBe(-32601);
  });
});

describe("T11: rate limits on sign-in", () => {
  it("answers 429 after the documented limit", async () => {
    const wallet = newWallet();
    const statuses: number[] = [];
    for (let index = 0; index < 7; index++) {
      const response = await context.app.inject({
        url: `/api/reg/Authentication/signMsg/Dropfair/${wallet.address}`,
        headers: { "accept-language": "zh-cn" },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json()).toEqual({
          content: null,
          typeCode: 450,
          message: "请求过于频繁，请稍后再试。",
        });
      }
    }
    expect(statuses.slice(0, 5).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
