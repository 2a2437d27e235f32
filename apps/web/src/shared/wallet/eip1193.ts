import { BaseError } from "../lib/base-error";

/** The slice of EIP-1193 the app uses directly (chain switching, adding chains, discovery). */
export type Eip1193Provider = {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): void;
  removeListener?(event: string, listener: (...args: never[]) => void): void;
  [flag: string]: unknown;
};

export type Eip6963ProviderInfo = { uuid: string; name: string; icon: string; rdns: string };
export type Eip6963ProviderDetail = { info: Eip6963ProviderInfo; provider: Eip1193Provider };

/** An EIP-1193 error code anywhere in the error's cause chain (wallets and viem nest them differently). */
export function rpcErrorCode(error: unknown): number | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current; depth += 1) {
    if (typeof current !== "object") return undefined;
    const candidate = current as {
      code?: unknown;
      data?: { originalError?: { code?: unknown } };
      cause?: unknown;
    };
    if (typeof candidate.code === "number" && candidate.code !== -32603) return candidate.code;
    const nested = candidate.data?.originalError?.code;
    if (typeof nested === "number") return nested;
    current = candidate.cause;
  }
  return undefined;
}

/** A user rejection (EIP-1193 4001) is the user's choice, not an error to show. */
export function isUserRejection(error: unknown): boolean {
  if (rpcErrorCode(error) === 4001) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === "object"; depth += 1) {
    // Wallets and libraries throw this one as a plain object too, so only its name can tell it.
    if ((current as { name?: unknown }).name === "UserRejectedRequestError") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The most useful human message of a wallet or viem error (an app error's own message). */
export function walletErrorMessage(error: unknown): string {
  if (error instanceof BaseError) return error.message;
  if (error && typeof error === "object") {
    const { shortMessage, details, message } = error as {
      shortMessage?: unknown;
      details?: unknown;
      message?: unknown;
    };
    if (typeof details === "string" && details && typeof shortMessage === "string")
      return `${shortMessage} ${details}`;
    if (typeof shortMessage === "string" && shortMessage) return shortMessage;
    if (typeof message === "string" && message) return message;
  }
  return String(error);
}
