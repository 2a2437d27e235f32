export const defaultIpfsGateway = "https://ipfs.io/ipfs/";

const ipfsSchemePattern = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i;

/**
 * `ipfs://<cid>/path` and the legacy `ipfs://ipfs/<cid>/path` become gateway URLs.
 * http(s) URLs are left alone even when they point at some gateway's /ipfs/ path: they already
 * load, and the author may have chosen that gateway on purpose. ar:// and other schemes pass through.
 */
export function rewriteIpfsUrl(url: string, gateway: string = defaultIpfsGateway): string {
  const path = ipfsSchemePattern.exec(url.trim())?.[1];
  if (path === undefined) return url;
  return `${gateway.endsWith("/") ? gateway : `${gateway}/`}${path}`;
}
