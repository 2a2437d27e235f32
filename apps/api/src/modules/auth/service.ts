import { randomBytes } from "node:crypto";
import type { Db, DbWriter } from "@dropfair/db";
import { type Address, type Hex, type PublicClient, recoverMessageAddress } from "viem";
import type { Session } from "../../platform/auth.ts";
import { errors } from "../../platform/errors.ts";
import {
  consumeNonce,
  findActiveSession,
  findLatestOpenNonce,
  findNonce,
  hashToken,
  insertNonce,
  insertSession,
  revokeSession,
  setParentCode,
  upsertUser,
} from "./repository.ts";
import { buildSignInMessage, generateNonce, validateSignInMessage } from "./siwe.ts";

export type AuthDependencies = {
  db: Db;
  project: string;
  allowedOrigins: string[];
  supportedChainIds: ReadonlySet<number>;
  defaultChainId: number;
  messageTtlSeconds: number;
  sessionTtlSeconds: number;
  contractWalletTimeoutMs: number;
  statement: string;
  chainClient: (chainId: number) => PublicClient | undefined;
  now?: () => Date;
  /**
   * Runs inside the sign-in transaction when a wallet signs in for the first time (the referral module: the
   * user's code and the parent); answers the parent code it bound, if any.
   */
  onFirstSignIn?: (
    tx: DbWriter,
    user: { userId: number; parent: string | null | undefined },
  ) => Promise<string | undefined>;
};

/** Half the order of secp256k1: an ECDSA `s` above it is the malleable twin of a low-s signature. */
const secp256k1HalfOrder = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** Whether a 65-byte signature (r, s, v) carries a high `s`. */
function hasHighS(signature: Hex): boolean {
  if (signature.length !== 132) return false;
  return BigInt(`0x${signature.slice(66, 130)}`) > secp256k1HalfOrder;
}

export function createAuthService(dependencies: AuthDependencies) {
  const now = dependencies.now ?? (() => new Date());

  function assertProject(project: string): string {
    if (project.toLowerCase() !== dependencies.project.toLowerCase()) throw errors.unknownProject(project);
    return dependencies.project;
  }

  /**
   * EOAs are checked locally; anything else is asked on chain (ERC-1271), failing closed on timeout. An ECDSA
   * signature counts only in its low-s form, so one signed message has exactly one accepted signature.
   */
  async function verifySignature(address: Address, message: string, signature: Hex, chainId: number) {
    try {
      if (!hasHighS(signature)) {
        const recovered = await recoverMessageAddress({ message, signature });
        if (recovered.toLowerCase() === address.toLowerCase()) return;
      }
    } catch {
      // not a 65-byte ECDSA signature: may still be a contract wallet's signature
    }
    const client = dependencies.chainClient(chainId);
    if (!client) throw errors.signInSignatureInvalid();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("contract wallet check timed out")),
        dependencies.contractWalletTimeoutMs,
      );
    });
    let code: Hex | undefined;
    let valid: boolean;
    try {
      // An account without code is an EOA whose signature already failed; only contracts are asked.
      code = await Promise.race([client.getCode({ address }), timeout]);
      valid =
        code !== undefined && code !== "0x"
          ? await Promise.race([client.verifyMessage({ address, message, signature }), timeout])
          : false;
    } catch (cause) {
      throw errors.signInVerificationUnavailable(cause);
    } finally {
      clearTimeout(timer);
    }
    if (!valid) throw errors.signInSignatureInvalid();
  }

  return {
    async issueMessage(input: { project: string; address: Address; chainId?: number; origin?: string }) {
      const project = assertProject(input.project);
      const chainId = input.chainId ?? dependencies.defaultChainId;
      if (!dependencies.supportedChainIds.has(chainId)) throw errors.signInChainUnsupported(chainId);
      const origin =
        input.origin && dependencies.allowedOrigins.includes(input.origin)
          ? input.origin
          : dependencies.allowedOrigins[0]!;
      const issuedAt = now();
      const expirationTime = new Date(issuedAt.getTime() + dependencies.messageTtlSeconds * 1000);
      const nonce = generateNonce();
      const message = buildSignInMessage({
        origin,
        address: input.address,
        chainId,
        nonce,
        statement: dependencies.statement,
        issuedAt,
        expirationTime,
      });
      await insertNonce(dependencies.db, {
        nonce,
        project,
        address: input.address,
        chainId,
        message,
        issuedAt,
        expiresAt: expirationTime,
      });
      return message;
    },

    async login(input: {
      project: string;
      address: Address;
      signature: Hex;
      message?: string;
      parent?: string | null;
    }) {
      const project = assertProject(input.project);
      const time = now();
      const message =
        input.message ?? (await findLatestOpenNonce(dependencies.db, project, input.address, time))?.message;
      if (message === undefined) throw errors.signInNonceUnknown();
      const validated = validateSignInMessage(message, {
        address: input.address,
        allowedOrigins: dependencies.allowedOrigins,
        supportedChainIds: dependencies.supportedChainIds,
        now: time,
      });
      const issued = await findNonce(dependencies.db, validated.nonce);
      // Only a message this server issued, word for word, for this wallet and project, can sign in.
      if (
        !issued ||
        issued.message !== message ||
        issued.project !== project ||
        issued.address.toLowerCase() !== input.address.toLowerCase()
      ) {
        throw errors.signInNonceUnknown();
      }
      if (issued.consumedAt) throw errors.signInNonceUnknown();
      await verifySignature(input.address, message, input.signature, validated.chainId);

      const token = randomBytes(32).toString("base64url");
      const expiresAt = new Date(time.getTime() + dependencies.sessionTtlSeconds * 1000);
      await dependencies.db.transaction(async (tx) => {
        if (!(await consumeNonce(tx, validated.nonce, time))) throw errors.signInNonceUnknown();
        const { user, created } = await upsertUser(tx, input.address, time);
        if (created && dependencies.onFirstSignIn) {
          const parentCode = await dependencies.onFirstSignIn(tx, { userId: user.id, parent: input.parent });
          if (parentCode) await setParentCode(tx, user.id, parentCode);
        }
        await insertSession(tx, {
          tokenHash: hashToken(token),
          userId: user.id,
          project,
          nonce: validated.nonce,
          createdAt: time,
          expiresAt,
        });
      });
      return { project, token, expireAt: Math.floor(expiresAt.getTime() / 1000) };
    },

    async authenticate(token: string): Promise<Session | undefined> {
      const row = await findActiveSession(dependencies.db, hashToken(token), now());
      return row ?? undefined;
    },

    async logout(session: Session): Promise<void> {
      await revokeSession(dependencies.db, session.sessionId, now());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
