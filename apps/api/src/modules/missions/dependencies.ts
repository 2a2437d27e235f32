// What the missions module is built from; the composition root wires it.
import type { Db, DbWriter } from "@dropfair/db";
import type { DiscordClient } from "@dropfair/social/discord";
import type { TelegramBotClient } from "@dropfair/social/telegram";
import type { XClient } from "@dropfair/social/x";
import type { XSession } from "../../platform/auth.ts";

type BoundAccount = { accountId: string; username: string | null };
type XAccount = BoundAccount & { displayName: string; avatarUrl: string | null };

export type MissionCompletedEvent = { userId: number; missionId: number; campaignId: number };

export type MissionsDependencies = {
  db: Db;
  /** The app-only X client. */
  x: XClient;
  /** A live user-context X token for the session (X lists likers to user tokens only); null: sign in again. */
  xUserToken: (session: XSession) => Promise<string | null>;
  discord: DiscordClient | undefined;
  telegram: TelegramBotClient | undefined;
  /** Accounts bound to the wallet user (the social-links module). */
  linksOf: (userId: number) => Promise<Partial<Record<"x" | "discord" | "telegram", BoundAccount>>>;
  /** Binds the X account of a live Sign in with X session to the wallet user, or refuses a taken one. */
  bindX: (userId: number, account: XAccount) => Promise<unknown>;
  /** Called inside the completion's transaction, after the EP credit (the referral module listens). */
  onMissionCompleted?: (tx: DbWriter, event: MissionCompletedEvent) => Promise<void>;
  /** Whether the wallet is a platform administrator (only they set EP rewards, on the platform's campaigns). */
  isAdmin: (address: string) => boolean;
  /** Pages of a paged X list read per check at most. */
  maxPagesPerCheck: number;
  now: () => Date;
};
