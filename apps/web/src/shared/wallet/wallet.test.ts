import { describe, expect, it } from "vitest";
import { walletDeepLink } from "./deep-links";
import { isMobileDevice } from "./device";
import { findWalletProvider } from "./discovery";
import { isUserRejection, rpcErrorCode, walletErrorMessage } from "./eip1193";

describe("mobile deep links into wallet apps' browsers", () => {
  const url = "https://app.dropfair.xyz/picker2/1?x=1";
  it("opens MetaMask without the scheme and unencoded", () => {
    expect(walletDeepLink("metamask", url)).toBe(
      "https://link.metamask.io/dapp/app.dropfair.xyz/picker2/1?x=1",
    );
  });
  it("opens OKX through its universal link", () => {
    const link = new URL(walletDeepLink("okx", url));
    expect(link.origin).toBe("https://web3.okx.com");
    expect(link.searchParams.get("deeplink")).toBe(
      `okx://wallet/dapp/url?dappUrl=${encodeURIComponent(url)}`,
    );
  });
  it("opens Trust with coin 60 and the encoded URL", () => {
    expect(walletDeepLink("trust", url)).toBe(
      `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(url)}`,
    );
  });
  it("opens TokenPocket with JSON params", () => {
    const link = walletDeepLink("tokenpocket", url);
    expect(link.startsWith("tpdapp://open?params=")).toBe(true);
    expect(JSON.parse(decodeURIComponent(link.slice("tpdapp://open?params=".length)))).toMatchObject({
      url,
      chain: "ETH",
    });
  });
});

describe("wallet errors: codes, messages and providers", () => {
  it("finds 4001 and 4902 wherever wallets put them", () => {
    expect(isUserRejection({ code: 4001 })).toBe(true);
    expect(isUserRejection({ name: "UserRejectedRequestError" })).toBe(true);
    expect(isUserRejection({ cause: { cause: { code: 4001 } } })).toBe(true);
    expect(isUserRejection(new Error("nope"))).toBe(false);
    expect(rpcErrorCode({ code: -32603, data: { originalError: { code: 4902 } } })).toBe(4902);
    expect(rpcErrorCode({ code: 4902 })).toBe(4902);
  });
  it("prefers viem's short message", () => {
    expect(walletErrorMessage({ shortMessage: "Short", message: "Long" })).toBe("Short");
    expect(walletErrorMessage(new Error("Plain"))).toBe("Plain");
  });
});

describe("wallet detection", () => {
  it("tells mobile browsers apart", () => {
    expect(isMobileDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")).toBe(true);
    expect(isMobileDevice("Mozilla/5.0 (Linux; Android 14)")).toBe(true);
    expect(isMobileDevice("Mozilla/5.0 (X11; Linux x86_64) Chrome/130")).toBe(false);
  });
  it("finds legacy injected wallets by their flags", () => {
    const metamask = { isMetaMask: true, request: async () => null };
    const tokenpocket = { isMetaMask: true, isTokenPocket: true, request: async () => null };
    const win = { ethereum: { providers: [tokenpocket, metamask] } } as unknown as Window;
    expect(findWalletProvider("metamask", win)).toBe(metamask);
    expect(findWalletProvider("tokenpocket", win)).toBe(tokenpocket);
    expect(findWalletProvider("trust", win)).toBeUndefined();
  });
});

describe("sandbox wallet RPC", () => {
  it("follows the page's loopback alias so the same-origin CSP allows it", async () => {
    const { sandboxRpcUrl } = await import("./engine/sandbox-provider");
    const page = { protocol: "http:", host: "127.0.0.1:3100", hostname: "127.0.0.1", port: "3100" };
    expect(sandboxRpcUrl("http://localhost:3100/api/sandbox/rpc", page)).toBe(
      "http://127.0.0.1:3100/api/sandbox/rpc",
    );
    expect(sandboxRpcUrl("http://localhost:8545", page)).toBe("http://localhost:8545");
    expect(sandboxRpcUrl("https://rpc.example/x", page)).toBe("https://rpc.example/x");
  });
});
