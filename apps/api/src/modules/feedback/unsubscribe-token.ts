// Unsubscribe links carry `<subscription id>.<HMAC-SHA256 of the id and address>`: only the server can make one,
// one link unsubscribes one address, and a link keeps working for as long as the subscription exists.
import { createHmac, timingSafeEqual } from "node:crypto";

const purpose = "dropfair-newsletter-unsubscribe";
const tokenPattern = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

function mac(secret: string, id: number, email: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}:${id}:${email}`).digest();
}

export function signUnsubscribeToken(secret: string, id: number, email: string): string {
  return `${id}.${mac(secret, id, email).toString("base64url")}`;
}

/** The subscription id a token names, before its signature is checked against the stored address. */
export function subscriptionIdOf(token: string): number | undefined {
  const match = tokenPattern.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : undefined;
}

/** Whether the token was signed by us for this subscription and address (compared in constant time). */
export function verifyUnsubscribeToken(secret: string, token: string, id: number, email: string): boolean {
  const match = tokenPattern.exec(token);
  if (!match || Number(match[1]) !== id) return false;
  const given = Buffer.from(match[2]!, "base64url");
  const expected = mac(secret, id, email);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
