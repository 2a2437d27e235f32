// The named accounts, posts, campaigns and follows every sandbox world has, whatever its seed: data only.
import type { AccountStatus, VerifiedType } from "./types.ts";
import { day, hour, minute } from "./util.ts";

/** Slots 0–15 are reserved for the named accounts, so adding one later does not move the others. */
export const namedSlots = 16;

export type NamedUserSpec = {
  key: NamedUserKey;
  username: string;
  name: string;
  ageMs: number;
  verifiedType: VerifiedType;
  avatar: boolean;
  banner: boolean;
  description: string;
  location: string;
  url: string;
  status: AccountStatus;
  tweetCount: number;
  listedCount: number;
};

export type NamedUserKey =
  | "host"
  | "partner"
  | "benchHost"
  | "admin"
  | "alice"
  | "bob"
  | "carol"
  | "newbie"
  | "suspended"
  | "deleted";

export type NamedPostKey = "giveaway" | "recent" | "old" | "partner" | "bench" | "deleted";

export const namedUsers: NamedUserSpec[] = [
  {
    key: "host",
    username: "dropfair_host",
    name: "Dropfair",
    ageMs: 2260 * day + 4 * hour,
    verifiedType: "business",
    avatar: true,
    banner: true,
    description: "Airdrops, fair giveaways and quests for web3 teams. Draws anyone can verify.",
    location: "Singapore",
    url: "https://dropfair.example",
    status: "active",
    tweetCount: 4210,
    listedCount: 310,
  },
  {
    key: "partner",
    username: "partner_labs",
    name: "Partner Labs",
    ageMs: 1100 * day + 7 * hour,
    verifiedType: "blue",
    avatar: true,
    banner: true,
    description: "A partner project. Follow us for the next drop.",
    location: "Hong Kong",
    url: "",
    status: "active",
    tweetCount: 1530,
    listedCount: 85,
  },
  {
    key: "benchHost",
    username: "dropfair_bench",
    name: "Bench Protocol",
    ageMs: 800 * day + 2 * hour,
    verifiedType: "blue",
    avatar: true,
    banner: true,
    description: "Our giveaway drew 100,000 entrants.",
    location: "Seoul",
    url: "",
    status: "active",
    tweetCount: 620,
    listedCount: 40,
  },
  {
    key: "admin",
    username: "dropfair_admin",
    name: "Dropfair Ops",
    ageMs: 1500 * day + 9 * hour,
    verifiedType: "none",
    avatar: true,
    banner: false,
    description: "Operations at Dropfair.",
    location: "Shanghai",
    url: "",
    status: "active",
    tweetCount: 210,
    listedCount: 3,
  },
  {
    key: "alice",
    username: "sandbox_alice",
    name: "Alice",
    ageMs: 1900 * day + 5 * hour,
    verifiedType: "none",
    avatar: true,
    banner: true,
    description: "NFT collector | gm every day",
    location: "Lisbon",
    url: "",
    status: "active",
    tweetCount: 2890,
    listedCount: 12,
  },
  {
    key: "bob",
    username: "sandbox_bob",
    name: "Bob",
    ageMs: 3 * day + 2 * hour,
    verifiedType: "none",
    avatar: false,
    banner: false,
    description: "",
    location: "",
    url: "",
    status: "active",
    tweetCount: 4,
    listedCount: 0,
  },
  {
    key: "carol",
    username: "sandbox_carol",
    name: "Carol",
    ageMs: 700 * day + 13 * hour,
    verifiedType: "blue",
    avatar: true,
    banner: true,
    description: "Researcher @ a DAO",
    location: "Berlin",
    url: "",
    status: "active",
    tweetCount: 640,
    listedCount: 7,
  },
  {
    key: "newbie",
    username: "sandbox_newbie",
    name: "New Here",
    ageMs: 1 * day + 1 * hour,
    verifiedType: "none",
    avatar: false,
    banner: false,
    description: "Just joined",
    location: "",
    url: "",
    status: "active",
    tweetCount: 2,
    listedCount: 0,
  },
  {
    key: "suspended",
    username: "sandbox_banned",
    name: "Suspended Account",
    ageMs: 400 * day,
    verifiedType: "none",
    avatar: false,
    banner: false,
    description: "",
    location: "",
    url: "",
    status: "suspended",
    tweetCount: 120,
    listedCount: 0,
  },
  {
    key: "deleted",
    username: "sandbox_gone",
    name: "Deleted Account",
    ageMs: 900 * day,
    verifiedType: "none",
    avatar: true,
    banner: false,
    description: "",
    location: "",
    url: "",
    status: "deleted",
    tweetCount: 300,
    listedCount: 0,
  },
];

/** Named posts: fixed ages and fixed counters, so their ids do not depend on the seed. */
export const namedPosts: { key: NamedPostKey; author: NamedUserKey; ageMs: number; text: string }[] = [
  {
    key: "giveaway",
    author: "host",
    ageMs: 10 * day + 3 * hour + 17 * minute,
    text: "GIVEAWAY 🎁 3 winners × 100 USDT. Follow @partner_labs, repost and reply with your wallet address.",
  },
  {
    key: "recent",
    author: "host",
    ageMs: 2 * day + 5 * hour + 41 * minute,
    text: "Quick drop ⚡ Repost and reply with your EVM address. Winners in 48h.",
  },
  {
    key: "old",
    author: "host",
    ageMs: 30 * day + 2 * hour + 7 * minute,
    text: "Last month's giveaway: repost and reply to enter.",
  },
  {
    key: "partner",
    author: "partner",
    ageMs: 5 * day + 11 * hour + 3 * minute,
    text: "Partner Labs x Dropfair: repost to join our allowlist raffle.",
  },
  {
    key: "bench",
    author: "benchHost",
    ageMs: 1 * day + 2 * hour + 9 * minute,
    text: "MEGA GIVEAWAY 🚀 Repost, like and reply with your wallet. 100 winners.",
  },
  {
    key: "deleted",
    author: "host",
    ageMs: 4 * day,
    text: "(deleted)",
  },
];

/** How a named post's engagement is generated; accounts are named by key, resolved when the world is built. */
export type CampaignSpec = {
  pool: number;
  retweetShare: number;
  likeShare: number;
  replyShare: number;
  quoteShare: number;
  /** Reply ages are drawn from [min, max] (ms, clamped under the post's age). */
  replyAges: [number, number];
  extraRetweeters: NamedUserKey[];
  extraLikers: NamedUserKey[];
  scriptedReplies: { author: NamedUserKey; ageMs: number; text: string }[];
  ghostRetweeters: number;
  ghostReplies: number;
  hostReplies: number;
};

/** The campaigns, generated in this order (the order draws from the random stream). */
export const namedCampaigns: { key: NamedPostKey; spec: CampaignSpec }[] = [
  {
    key: "giveaway",
    spec: {
      pool: 290,
      retweetShare: 0.9,
      likeShare: 0.8,
      replyShare: 0.45,
      quoteShare: 0.1,
      replyAges: [20 * minute, 10 * day + 3 * hour],
      extraRetweeters: ["alice", "bob", "newbie", "suspended", "deleted"],
      extraLikers: ["alice", "newbie", "deleted"],
      scriptedReplies: [
        {
          author: "alice",
          ageMs: 3 * day + 4 * hour,
          text: "Done ✅ 0x4b20993bc481177ec7e8f571cecae8a9e22c02db",
        },
        {
          author: "bob",
          ageMs: 8 * day + 4 * hour,
          text: "in 0x71c7656ec7ab88b098defb751b7401b5f6d8976f",
        },
        { author: "newbie", ageMs: 1 * day, text: "first giveaway!" },
        { author: "suspended", ageMs: 2 * day, text: "in" },
      ],
      ghostRetweeters: 4,
      ghostReplies: 2,
      hostReplies: 10,
    },
  },
  {
    key: "recent",
    spec: {
      pool: 40,
      retweetShare: 0.85,
      likeShare: 0.75,
      replyShare: 0.55,
      quoteShare: 0.08,
      replyAges: [10 * minute, 2 * day + 5 * hour],
      extraRetweeters: ["alice"],
      extraLikers: [],
      scriptedReplies: [
        {
          author: "alice",
          ageMs: 1 * day + 2 * hour,
          text: "0x4b20993bc481177ec7e8f571cecae8a9e22c02db",
        },
      ],
      ghostRetweeters: 1,
      ghostReplies: 0,
      hostReplies: 2,
    },
  },
  {
    key: "old",
    spec: {
      pool: 60,
      retweetShare: 0.85,
      likeShare: 0.7,
      replyShare: 0.45,
      quoteShare: 0.08,
      replyAges: [8 * day, 30 * day],
      extraRetweeters: [],
      extraLikers: [],
      scriptedReplies: [],
      ghostRetweeters: 1,
      ghostReplies: 0,
      hostReplies: 2,
    },
  },
  {
    key: "partner",
    spec: {
      pool: 80,
      retweetShare: 0.9,
      likeShare: 0.8,
      replyShare: 0.15,
      quoteShare: 0.05,
      replyAges: [1 * hour, 5 * day],
      extraRetweeters: ["alice", "carol"],
      extraLikers: ["carol"],
      scriptedReplies: [],
      ghostRetweeters: 1,
      ghostReplies: 0,
      hostReplies: 0,
    },
  },
];

/** Who the named accounts follow among themselves. */
export const namedFollows: [NamedUserKey, NamedUserKey[]][] = [
  ["host", ["partner", "admin", "alice"]],
  ["partner", ["host"]],
  ["benchHost", ["host"]],
  ["admin", ["host", "partner"]],
  ["alice", ["host", "partner", "admin"]],
  ["carol", ["host"]],
  ["newbie", ["host", "partner"]],
  ["suspended", ["host", "partner"]],
  ["deleted", ["host"]],
];
