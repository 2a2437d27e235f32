import { randomBytes } from "node:crypto";
import type { Address } from "viem";
import { createSiweMessage, parseSiweMessage } from "viem/siwe";
import { errors } from "../../platform/errors.ts";

/** SIWE messages longer than this are refused before parsing (T4: oversized fields). */
export const maxSignInMessageLength = 4096;

export function generateNonce(): string {
  // 96 bits of entropy, alphanumeric as EIP-4361 requires (at least 8 characters).
  return randomBytes(12).toString("hex");
}

export type IssuedMessage = {
  origin: string;
  address: Address;
  chainId: number;
  nonce: string;
  statement: string;
  issuedAt: Date;
  expirationTime: Date;
};

export function buildSignInMessage(issued: IssuedMessage): string {
  const origin = new URL(issued.origin);
  return createSiweMessage({
    // EIP-4361 assumes https when no scheme is given, so only other schemes are written out.
    scheme: origin.protocol === "https:" ? undefined : origin.protocol.replace(":", ""),
    domain: origin.host,
    address: issued.address,
    statement: issued.statement,
    uri: origin.origin,
    version: "1",
    chainId: issued.chainId,
    nonce: issued.nonce,
    issuedAt: issued.issuedAt,
    expirationTime: issued.expirationTime,
  });
}

export type SignInExpectations = {
  address: Address;
  allowedOrigins: string[];
  supportedChainIds: ReadonlySet<number>;
  now: Date;
};

export type ValidatedSignIn = { nonce: string; chainId: number; expirationTime: Date };

/**
 * Checks every field of an EIP-4361 message against what this server would have issued:
 * domain, scheme and URI of one of our origins, the signing address, a supported chain, version 1,
 * a nonce, and a validity window judged by server time. The signature is checked separately.
 */
export function validateSignInMessage(message: string, expected: SignInExpectations): ValidatedSignIn {
  if (message.length > maxSignInMessageLength) throw errors.signInMessageInvalid("too long");
  if (/\r/.test(message)) throw errors.signInMessageInvalid("carriage return");
  let parsed: ReturnType<typeof parseSiweMessage>;
  try {
    parsed = parseSiweMessage(message);
  } catch {
    throw errors.signInMessageInvalid("unreadable");
  }
  const header =
    /^(?:([a-zA-Z][a-zA-Z0-9+\-.]*):\/\/)?(\S+) wants you to sign in with your Ethereum account:\n/.exec(
      message,
    );
  if (!header || !parsed.domain || !parsed.address || !parsed.uri || !parsed.nonce || !parsed.chainId) {
    throw errors.signInMessageInvalid("missing field");
  }
  if (parsed.version !== "1") throw errors.signInMessageInvalid("version");
  if (!/^[a-zA-Z0-9]{8,}$/.test(parsed.nonce)) throw errors.signInMessageInvalid("nonce");

  const scheme = parsed.scheme ?? "https";
  const matchingOrigin = expected.allowedOrigins.find((origin) => {
    const url = new URL(origin);
    return url.host === parsed.domain && url.protocol === `${scheme}:`;
  });
  if (!matchingOrigin) throw errors.signInDomainMismatch();
  let uriOrigin: string;
  try {
    uriOrigin = new URL(parsed.uri).origin;
  } catch {
    throw errors.signInMessageInvalid("uri");
  }
  if (uriOrigin !== matchingOrigin) throw errors.signInDomainMismatch();

  if (parsed.address.toLowerCase() !== expected.address.toLowerCase()) {
    throw errors.signInMessageInvalid("address");
  }
  if (!expected.supportedChainIds.has(parsed.chainId)) throw errors.signInChainUnsupported(parsed.chainId);

  if (!parsed.expirationTime || Number.isNaN(parsed.expirationTime.getTime())) {
    throw errors.signInMessageInvalid("expiration time required");
  }
  if (parsed.expirationTime.getTime() <= expected.now.getTime()) throw errors.signInExpired();
  if (parsed.notBefore && parsed.notBefore.getTime() > expected.now.getTime())
    throw errors.signInNotYetValid();
  if (!parsed.issuedAt || parsed.issuedAt.getTime() > expected.now.getTime() + 60_000) {
    throw errors.signInNotYetValid();
  }
  return { nonce: parsed.nonce, chainId: parsed.chainId, expirationTime: parsed.expirationTime };
}
