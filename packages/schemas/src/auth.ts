import { z } from "zod";
import { hexSignatureSchema } from "./address.ts";

export const projectNameSchema = z.string().trim().min(1).max(64);

export const signMessageParamsSchema = z.object({
  project: projectNameSchema,
  address: z.string().max(64),
});

export const signMessageQuerySchema = z.object({
  chainId: z.coerce.number().int().positive().optional(),
});

export const loginBodySchema = z
  .object({
    signature: hexSignatureSchema,
    parent: z.string().max(64).optional().nullable(),
  })
  .strip();

export const loginResultSchema = z.object({
  project: z.string(),
  token: z.string(),
  /** Unix seconds. */
  expireAt: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const loginStatusSchema = z.object({
  /** EIP-55 checksummed. */
  address: z.string(),
  project: z.string(),
  twitter: z.boolean(),
  discord: z.boolean(),
  telegram: z.boolean(),
});
export type LoginStatus = z.infer<typeof loginStatusSchema>;

export const twitterInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
});

export const discordInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  avatar: z.string().nullable(),
});

export const loginStatusDetailSchema = z.object({
  twitter: twitterInfoSchema.nullable(),
  discord: discordInfoSchema.nullable(),
});
export type LoginStatusDetail = z.infer<typeof loginStatusDetailSchema>;

export const twitterBriefSchema = z.object({ name: z.string(), avatar: z.string() }).nullable();
