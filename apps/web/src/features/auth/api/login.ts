import type { LoginResult } from "@dropfair/schemas/auth";
import { apiRequest } from "../../../shared/api/client";

const wire = () => import("./wire-schemas");

/** PUT /api/reg/Authentication/login/{project}/{address} with the signature and the referral parent. */
export function login(input: {
  project: string;
  address: string;
  signature: string;
  parent?: string | undefined;
}): Promise<LoginResult> {
  return apiRequest(
    `/Authentication/login/${encodeURIComponent(input.project)}/${encodeURIComponent(input.address)}`,
    () => wire().then((schemas) => schemas.loginResultSchema),
    {
      base: "reg",
      method: "PUT",
      anonymous: true,
      body: { signature: input.signature, ...(input.parent ? { parent: input.parent } : {}) },
    },
  );
}
