/** A phone or tablet browser, where wallets live in apps rather than extensions. */
export function isMobileDevice(userAgent: string = globalThis.navigator?.userAgent ?? ""): boolean {
  return /Android|iPhone|iPad|iPod|Mobile|HarmonyOS/i.test(userAgent);
}
