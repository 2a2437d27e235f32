// Building one account: a named one from its fixture, an ordinary or crowd one from the seed and its index.
import { userIdFor } from "../ids.ts";
import { mix, Rng, streams, unit } from "../prng.ts";
import { bioPhrases, firstNames, handleWords, lastNames, locations, nameDecorations } from "../words.ts";
import { namedUsers } from "./fixtures.ts";
import type { UserBase, VerifiedType } from "./types.ts";
import { day, hex, roundToSecond } from "./util.ts";

/** A named account, from its fixture in `slot`. */
export function buildNamed(slot: number, now: number): UserBase {
  const spec = namedUsers[slot];
  if (!spec) throw new Error(`no named account in slot ${slot}`);
  const id = userIdFor(slot, spec.ageMs);
  return {
    index: slot,
    id,
    username: spec.username,
    name: spec.name,
    kind: "named",
    status: spec.status,
    ageMs: spec.ageMs,
    description: spec.description,
    location: spec.location,
    url: spec.url,
    avatarUrl: spec.avatar
      ? `https://pbs.twimg.com/profile_images/17${id.slice(-8)}0/${spec.username}_normal.jpg`
      : null,
    bannerUrl: spec.banner
      ? `https://pbs.twimg.com/profile_banners/${id}/${Math.floor((now - spec.ageMs / 3) / 1000)}`
      : null,
    verifiedType: spec.verifiedType,
    protected: false,
    tweetCount: spec.tweetCount,
    listedCount: spec.listedCount,
    likeCount: spec.tweetCount * 3,
    extraFollowers: 0,
    extraFollowing: 0,
    graphOut: 0,
    popularity: 0,
    latestPostAgeMs: null,
  };
}

/** An ordinary (in-memory) or crowd (on-demand) account: the same index and seed always give the same one. */
export function buildGenerated(
  seedHash: number,
  now: number,
  index: number,
  kind: "regular" | "crowd",
): UserBase {
  const rng = new Rng(mix(seedHash, streams.user, index));
  const quality = rng.next();
  const ageRoll = rng.next();
  const newShare = kind === "crowd" ? 0.15 : 0.08;
  let ageDays: number;
  if (ageRoll < newShare) ageDays = 0.2 + rng.next() * 29.8;
  else if (ageRoll < newShare + 0.15) ageDays = 30 + rng.next() * 335;
  else ageDays = 365 + rng.next() ** 1.3 * 4635;
  const ageMs = roundToSecond(ageDays * day);
  const lowEffort = rng.chance((ageDays < 30 ? 0.6 : 0.12) + (1 - quality) * 0.2);

  const first = rng.pick(firstNames);
  const name = `${first}${rng.chance(0.5) ? ` ${rng.pick(lastNames)}` : ""}${rng.pick(nameDecorations)}`;
  const digits = String(index);
  const pattern = rng.int(0, 3);
  const wordA = rng.pick(handleWords);
  const wordB = rng.pick(handleWords);
  const firstLower = first.toLowerCase().replace(/[^a-z]/g, "");
  const stem =
    pattern === 0
      ? `${wordA}${wordB}`
      : pattern === 1
        ? `${firstLower}_${wordA}`
        : pattern === 2
          ? `${wordA}_${firstLower}`
          : `${firstLower}${wordB}`;
  const letters = stem.slice(0, 15 - digits.length).replace(/_+$/, "") || "user";
  const username = `${letters}${digits}`;

  const id = userIdFor(index, ageMs);
  const avatarUrl = rng.chance(lowEffort ? 0.75 : 0.08)
    ? null
    : `https://pbs.twimg.com/profile_images/${1300000000000000000n + BigInt(rng.uint32()) * 1000n}/${hex(rng, 8)}_normal.jpg`;
  const bannerUrl = rng.chance(lowEffort ? 0.9 : 0.35)
    ? null
    : `https://pbs.twimg.com/profile_banners/${id}/${Math.floor((now - ageMs * rng.next()) / 1000)}`;
  let description = "";
  if (!rng.chance(lowEffort ? 0.8 : 0.12)) {
    description = rng.pick(bioPhrases);
    if (rng.chance(0.5)) description += ` | ${rng.pick(bioPhrases)}`;
    if (rng.chance(0.3)) description += ` ${rng.pick(["🚀", "🌱", "🦇", "✨", "🎮", "📈"])}`;
  }
  const location = rng.chance(lowEffort ? 0.85 : 0.4) ? "" : rng.pick(locations);
  const url = rng.chance(0.1) ? `https://t.co/${hex(rng, 10)}` : "";
  const verifiedRoll = rng.next();
  const verifiedType: VerifiedType = lowEffort
    ? verifiedRoll < 0.02
      ? "blue"
      : "none"
    : verifiedRoll < 0.07
      ? "blue"
      : verifiedRoll < 0.08
        ? "business"
        : verifiedRoll < 0.082
          ? "government"
          : "none";
  const isProtected = kind === "regular" && rng.chance(0.02);
  const tweetCount = rng.chance(lowEffort ? 0.3 : 0.06) ? 0 : Math.floor(Math.exp(rng.next() * 9.2));
  let latestPostAgeMs: number | null = null;
  if (tweetCount > 0) {
    latestPostAgeMs = roundToSecond(400 * day * rng.next() ** 2);
    if (latestPostAgeMs >= ageMs) latestPostAgeMs = roundToSecond(ageMs * rng.next());
  }
  const popularity = (0.2 + quality) * Math.exp(rng.next() * 4);
  const statusRoll = unit(seedHash, streams.status, index);
  return {
    index,
    id,
    username,
    name,
    kind,
    status: statusRoll < 0.01 ? "suspended" : statusRoll < 0.015 ? "deleted" : "active",
    ageMs,
    description,
    location,
    url,
    avatarUrl,
    bannerUrl,
    verifiedType,
    protected: isProtected,
    tweetCount,
    listedCount: quality > 0.5 ? Math.floor(Math.exp(rng.next() * 4)) - 1 : 0,
    likeCount: Math.floor(Math.exp(rng.next() * 9)),
    extraFollowers: lowEffort ? rng.int(0, 20) : Math.floor(Math.exp(rng.next() * 7 * (0.5 + quality))),
    extraFollowing: lowEffort ? rng.int(0, 60) : Math.floor(Math.exp(rng.next() * 6)),
    graphOut: lowEffort ? rng.int(0, 5) : Math.min(300, Math.floor(Math.exp(rng.next() * 5))),
    popularity,
    latestPostAgeMs,
  };
}
