// PKCE (RFC 7636) and `state` values for the OAuth clients of this package.
import { createHash, randomBytes } from "node:crypto";

/** A PKCE code_verifier: 32 random bytes, base64url (43 characters, inside RFC 7636's 43–128). */
export function createCodeVerifier(): string {
  return randomBytes(32).toString("base64url");
}

/** S256: base64url(sha256(verifier)) without padding. */
export function codeChallengeS256(codeVerifier: string): string {
  return createHash("sha256").update(codeVerifier).digest("base64url");
}

/** An unguessable OAuth `state`. */
export function createState(): string {
  return randomBytes(24).toString("base64url");
}
