import { isIP } from "node:net";

/** Whether an IP address (v4, v6, or v4 mapped into v6) is this machine's loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (isIP(plain) === 4) return plain.startsWith("127.");
  return plain === "::1";
}
