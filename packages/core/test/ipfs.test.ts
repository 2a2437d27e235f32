import { describe, expect, it } from "vitest";
import { defaultIpfsGateway, rewriteIpfsUrl } from "../src/ipfs.ts";

const cid = "bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi";

describe("rewriteIpfsUrl", () => {
  it("rewrites ipfs://<cid>/path to the public gateway", () => {
    expect(defaultIpfsGateway).toBe("https://ipfs.io/ipfs/");
    expect(rewriteIpfsUrl(`ipfs://${cid}`)).toBe(`https://ipfs.io/ipfs/${cid}`);
    expect(rewriteIpfsUrl(`ipfs://${cid}/metadata/1.json`)).toBe(
      `https://ipfs.io/ipfs/${cid}/metadata/1.json`,
    );
  });

  it("rewrites the legacy ipfs://ipfs/<cid> form", () => {
    expect(rewriteIpfsUrl(`ipfs://ipfs/${cid}/logo.png`)).toBe(`https://ipfs.io/ipfs/${cid}/logo.png`);
  });

  it("keeps query and fragment, accepts any scheme case and trims blanks", () => {
    expect(rewriteIpfsUrl(` IPFS://${cid}/a.png?w=64#x `)).toBe(`https://ipfs.io/ipfs/${cid}/a.png?w=64#x`);
  });

  it("uses a given gateway, with or without its trailing slash", () => {
    expect(rewriteIpfsUrl(`ipfs://${cid}`, "https://gw.example/ipfs/")).toBe(
      `https://gw.example/ipfs/${cid}`,
    );
    expect(rewriteIpfsUrl(`ipfs://${cid}`, "https://gw.example/ipfs")).toBe(`https://gw.example/ipfs/${cid}`);
  });

  it.each([
    ["an http(s) gateway URL, kept as its author chose", `https://gateway.pinata.cloud/ipfs/${cid}`],
    ["an Arweave URL", "ar://bNbA3TEQVL60xlgCcqdz4ZPHFZ711cZ3hmkpGttDt_U"],
    ["a plain web URL", "https://example.com/logo.png"],
    ["a data URL", "data:image/png;base64,AAAA"],
    ["a bare CID", cid],
    ["an empty ipfs:// URL", "ipfs://"],
    ["an empty string", ""],
  ])("leaves %s unchanged", (_, url) => {
    expect(rewriteIpfsUrl(url)).toBe(url);
  });
});
