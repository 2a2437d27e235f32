import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/** GET /api/reg/Authentication/signMsg/{project}/{address}: the EIP-4361 message to sign. */
export function getSignMessage(input: {
  project: string;
  address: string;
  chainId: number;
}): Promise<string> {
  return apiRequest(
    `/Authentication/signMsg/${encodeURIComponent(input.project)}/${encodeURIComponent(input.address)}`,
    () => wire().then((schemas) => schemas.signMessageSchema),
    { base: "reg", anonymous: true, query: { chainId: input.chainId } },
  );
}
