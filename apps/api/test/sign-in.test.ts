import { eq, referralCodes, sessions, signInNonces, users } from "@dropfair/db";
import { recoverMessageAddress } from "viem";
import { parseSiweMessage } from "viem/siwe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, newWallet, requestMessage, signIn, submitLogin, type TestContext } from "./helper.ts";

let context: TestContext;
let clockOffsetMs = 0;
beforeAll(async () => {
  context = await buildTestApp({ now: () => new Date(Date.now() + clockOffsetMs) });
});
afterAll(async () => {
  await context.close();
});

describe("GET /api/reg/Authentication/signMsg", () => {
  it("issues an EIP-4361 message bound to our origin, the wallet, the chain and a short expiry", async () => {
    const wallet = newWallet();
    const { response, body } = await requestMessage(context.app, wallet);
    expect(response.statusCode).toBe(200);
    expect(body.typeCode).toBe(1);
    const message = parseSiweMessage(body.content);
    expect(
      body.content.startsWith("http://localhost:3000 wants you to sign in with your Ethereum account:\n"),
    ).toBe(true);
    expect(message.address).toBe(wallet.address);
    expect(message.uri).toBe("http://localhost:3000");
    expect(message.chainId).toBe(56);
    expect(message.version).toBe("1");
    expect(message.nonce).toMatch(/^[a-zA-Z0-9]{16,}$/);
    const lifetime = message.expirationTime!.getTime() - message.issuedAt!.getTime();
    expect(lifetime).toBe(300_000);
  });

  it("uses the requested chain when it is one of ours", async () => {
    const { body } = await requestMessage(context.app, newWallet(), "?chainId=1");
    expect(parseSiweMessage(body.content).chainId).toBe(1);
  });

  it("hands out a fresh nonce every time", async () => {
    const wallet = newWallet();
    const first = parseSiweMessage((await requestMessage(context.app, wallet)).body.content).nonce;
    const second = parseSiweMessage((await requestMessage(context.app, wallet)).body.content).nonce;
    expect(first).not.toBe(second);
  });

  it("names the request's origin when it is an allowed one, and never a foreign one", async () => {
    const wallet = newWallet();
    const foreign = await requestMessage(context.app, wallet, "", { origin: "https://evil.example" });
    expect(parseSiweMessage(foreign.body.content).domain).toBe("localhost:3000");
  });
});

describe("PUT /api/reg/Authentication/login", () => {
  it("opens a session for a correctly signed message and answers project, token, expireAt", async () => {
    const { login, token, wallet } = await signIn(context.app);
    expect(login.response.statusCode).toBe(200);
    const content = login.body.content as { project: string; token: string; expireAt: number };
    expect(content.project).toBe("Dropfair");
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(content.expireAt).toBeGreaterThan(Date.now() / 1000 + 6 * 24 * 3600);
    const status = await context.app.inject({
      method: "GET",
      url: "/api/reg/socialmedia/LoginStatus",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(status.json()).toEqual({
      content: {
        address: wallet.address,
        project: "Dropfair",
        twitter: false,
        discord: false,
        telegram: false,
      },
      typeCode: 1,
      message: "success",
    });
  });

  it("stores only a hash of the token", async () => {
    const { token } = await signIn(context.app);
    const rows = await context.database.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.tokenHash))).toBe(true);
  });

  it("accepts the project name in any case and an address in lowercase", async () => {
    const wallet = newWallet();
    const issued = await context.app.inject({
      method: "GET",
      url: `/api/reg/Authentication/signMsg/dropfair/${wallet.address.toLowerCase()}`,
    });
    expect(issued.statusCode).toBe(200);
    const signature = await wallet.signMessage({ message: issued.json().content });
    const login = await context.app.inject({
      method: "PUT",
      url: `/api/reg/Authentication/login/DROPFAIR/${wallet.address.toLowerCase()}`,
      payload: { signature },
    });
    expect(login.statusCode).toBe(200);
  });

  it("accepts signatures with v as 27/28 and as 0/1", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await wallet.signMessage({ message: body.content });
    const v = Number.parseInt(signature.slice(-2), 16);
    const lowV = `${signature.slice(0, -2)}${(v - 27).toString(16).padStart(2, "0")}`;
    const login = await submitLogin(context.app, wallet, { signature: lowV });
    expect(login.response.statusCode).toBe(200);
  });

  it("refuses a signature by another wallet", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await newWallet().signMessage({ message: body.content });
    const login = await submitLogin(context.app, wallet, { signature });
    expect(login.response.statusCode).toBe(401);
    expect(login.body.message).toBe("The signature does not match this wallet address.");
  });

  it("refuses a login when no message was issued", async () => {
    const wallet = newWallet();
    const signature = await wallet.signMessage({ message: "hello" });
    const login = await submitLogin(context.app, wallet, { signature });
    expect(login.response.statusCode).toBe(401);
    expect(login.body.content).toBeNull();
  });

  it("records an existing referral code as the parent once and ignores reserved words (route names)", async () => {
    const wallet = newWallet();
    let issued = await requestMessage(context.app, wallet);
    let signature = await wallet.signMessage({ message: issued.body.content });
    expect(
      (await submitLogin(context.app, wallet, { signature, parent: "achievement" })).response.statusCode,
    ).toBe(200);
    const [first] = await context.database.db.select().from(users).where(eq(users.address, wallet.address));
    expect(first?.parentCode).toBeNull();
    const [firstCode] = await context.database.db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.userId, first!.id));

    const other = newWallet();
    issued = await requestMessage(context.app, other);
    signature = await other.signMessage({ message: issued.body.content });
    expect(
      (await submitLogin(context.app, other, { signature, parent: firstCode!.code })).response.statusCode,
    ).toBe(200);
    issued = await requestMessage(context.app, other);
    signature = await other.signMessage({ message: issued.body.content });
    expect(
      (await submitLogin(context.app, other, { signature, parent: "mallory" })).response.statusCode,
    ).toBe(200);
    const [second] = await context.database.db.select().from(users).where(eq(users.address, other.address));
    expect(second?.parentCode).toBe(firstCode!.code);
  });

  it("ignores fields a client must not set (mass assignment)", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await wallet.signMessage({ message: body.content });
    const login = await submitLogin(context.app, wallet, {
      signature,
      expireAt: 9_999_999_999,
      token: "chosen-by-client",
      project: "Other",
    });
    expect(login.response.statusCode).toBe(200);
    const content = login.body.content as { token: string; expireAt: number; project: string };
    expect(content.token).not.toBe("chosen-by-client");
    expect(content.expireAt).toBeLessThan(9_999_999_999);
    expect(content.project).toBe("Dropfair");
  });
});

describe("T1: replaying a signed message", () => {
  it("opens exactly one session when the same signature is sent twice", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await wallet.signMessage({ message: body.content });
    const first = await submitLogin(context.app, wallet, { signature, message: body.content });
    const second = await submitLogin(context.app, wallet, { signature, message: body.content });
    expect(first.response.statusCode).toBe(200);
    expect(second.response.statusCode).toBe(401);
    expect(second.body.message).toBe(
      "This sign-in request was already used or never issued. Please sign in again.",
    );
  });

  it("opens exactly one session when the same signature is sent 20 times at once", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await wallet.signMessage({ message: body.content });
    const nonce = parseSiweMessage(body.content).nonce!;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        submitLogin(
          context.app,
          wallet,
          index % 2 === 0 ? { signature, message: body.content } : { signature },
        ),
      ),
    );
    const statuses = results.map((result) => result.response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(19);
    const opened = await context.database.db.select().from(sessions).where(eq(sessions.nonce, nonce));
    expect(opened).toHaveLength(1);
    const rows = await context.database.db.select().from(signInNonces).where(eq(signInNonces.nonce, nonce));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.consumedAt).toBeInstanceOf(Date);
  });
});

describe("T2: a validly signed message for somewhere else", () => {
  const variants: [string, (message: string) => string][] = [
    [
      "another domain",
      (message) => message.replace("http://localhost:3000 wants", "http://evil.example wants"),
    ],
    [
      "another scheme",
      (message) => message.replace("http://localhost:3000 wants", "https://localhost:3000 wants"),
    ],
    [
      "no scheme, which means https",
      (message) => message.replace("http://localhost:3000 wants", "localhost:3000 wants"),
    ],
    ["another port", (message) => message.replaceAll("localhost:3000", "localhost:3001")],
    ["another URI", (message) => message.replace("URI: http://localhost:3000", "URI: https://evil.example")],
    ["another domain and URI together", (message) => message.replaceAll("localhost:3000", "evil.example")],
  ];
  for (const [name, tamper] of variants) {
    it(`rejects ${name}`, async () => {
      const wallet = newWallet();
      const { body } = await requestMessage(context.app, wallet);
      const forged = tamper(body.content);
      expect(forged).not.toBe(body.content);
      const signature = await wallet.signMessage({ message: forged });
      const login = await submitLogin(context.app, wallet, { signature, message: forged });
      expect(login.response.statusCode).toBe(401);
      expect(login.body.typeCode).not.toBe(1);
      // The honest message still works afterwards: the nonce was not burnt by the forgery.
      const honest = await submitLogin(context.app, wallet, {
        signature: await wallet.signMessage({ message: body.content }),
      });
      expect(honest.response.statusCode).toBe(200);
    });
  }

  it("rejects a message that reuses our nonce with a different statement", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const forged = body.content.replace(/\n\n.*\n\n/, "\n\nGive me your tokens.\n\n");
    const signature = await wallet.signMessage({ message: forged });
    const login = await submitLogin(context.app, wallet, { signature, message: forged });
    expect(login.response.statusCode).toBe(401);
  });
});

describe("T3: time, chain and version", () => {
  async function tampered(tamper: (message: string) => string) {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const forged = tamper(body.content);
    const signature = await wallet.signMessage({ message: forged });
    return submitLogin(context.app, wallet, { signature, message: forged });
  }

  it("rejects an expired message by server time", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await wallet.signMessage({ message: body.content });
    clockOffsetMs = 301_000;
    try {
      const login = await submitLogin(context.app, wallet, { signature });
      expect(login.response.statusCode).toBe(401);
      const explicit = await submitLogin(context.app, wallet, { signature, message: body.content });
      expect(explicit.response.statusCode).toBe(401);
      expect(explicit.body.message).toBe("The sign-in request has expired. Please sign in again.");
    } finally {
      clockOffsetMs = 0;
    }
  });

  it("rejects a message that is not valid yet", async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const login = await tampered((message) => `${message}\nNot Before: ${future}`);
    expect(login.response.statusCode).toBe(401);
    expect(login.body.message).toBe("The sign-in request is not valid yet.");
  });

  it("rejects a message without an expiry", async () => {
    const login = await tampered((message) => message.replace(/\nExpiration Time: [^\n]+/, ""));
    expect(login.response.statusCode).toBe(400);
    expect(login.body.message).toContain("expiration");
  });

  it("rejects a message for a chain we do not serve", async () => {
    const login = await tampered((message) => message.replace("Chain ID: 56", "Chain ID: 999"));
    expect(login.response.statusCode).toBe(400);
    expect(login.body.message).toBe("Network 999 is not supported.");
  });

  it("rejects a message for another of our chains than the one issued", async () => {
    const login = await tampered((message) => message.replace("Chain ID: 56", "Chain ID: 1"));
    expect(login.response.statusCode).toBe(401);
  });

  it("rejects version 2", async () => {
    const login = await tampered((message) => message.replace("Version: 1", "Version: 2"));
    expect(login.response.statusCode).toBe(400);
  });

  it("refuses to issue a message for an unsupported chain", async () => {
    const { response, body } = await requestMessage(context.app, newWallet(), "?chainId=999");
    expect(response.statusCode).toBe(400);
    expect(body.message).toBe("Network 999 is not supported.");
  });
});

describe("signature malleability", () => {
  /** The same signature with s replaced by n − s and the recovery bit flipped: valid ECDSA, same signer. */
  function highSTwin(signature: `0x${string}`): `0x${string}` {
    const order = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
    const r = signature.slice(2, 66);
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = Number.parseInt(signature.slice(130, 132), 16);
    const twinS = (order - s).toString(16).padStart(64, "0");
    const twinV = (v === 27 ? 28 : 27).toString(16);
    return `0x${r}${twinS}${twinV}`;
  }

  it("accepts a signature only in its low-s form", async () => {
    const wallet = newWallet();
    const { body } = await requestMessage(context.app, wallet);
    const signature = await wallet.signMessage({ message: body.content });
    const twin = highSTwin(signature);
    // The twin recovers the same signer: without the low-s rule it would sign in too.
    expect(await recoverMessageAddress({ message: body.content, signature: twin })).toBe(wallet.address);
    const refused = await submitLogin(context.app, wallet, { signature: twin });
    expect(refused.response.statusCode).toBe(401);
    const accepted = await submitLogin(context.app, wallet, { signature });
    expect(accepted.response.statusCode).toBe(200);
  });
});
