/** localStorage / sessionStorage access that survives privacy modes where storage throws. */
function storageOf(kind: "local" | "session"): Storage | undefined {
  try {
    return kind === "local" ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export const localStore = {
  get: (key: string) => storageOf("local")?.getItem(key) ?? undefined,
  set: (key: string, value: string) => storageOf("local")?.setItem(key, value),
  remove: (key: string) => storageOf("local")?.removeItem(key),
};

export const sessionStore = {
  get: (key: string) => storageOf("session")?.getItem(key) ?? undefined,
  set: (key: string, value: string) => storageOf("session")?.setItem(key, value),
  remove: (key: string) => storageOf("session")?.removeItem(key),
};
