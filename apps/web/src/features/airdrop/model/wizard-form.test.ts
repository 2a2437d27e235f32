import { describe, expect, it } from "vitest";
import {
  draftToBody,
  emptyDraft,
  minuteInputToIso,
  validateDeposit,
  validateLogo,
  validateParticipants,
  validateReward,
  validateSettings,
  type WizardDraft,
} from "./wizard-form";

const now = new Date("2026-11-23T10:17:00Z");
const base = (overrides: Partial<WizardDraft> = {}): WizardDraft => ({
  ...emptyDraft(now, 31337),
  title: "Launch drop",
  ...overrides,
});
const token = "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512";

describe("wizard step 1: campaign settings", () => {
  it("starts in an hour on the hour, for a week", () => {
    const draft = emptyDraft(now, 56);
    expect(draft.startAt).toBe("2026-11-23T11:00");
    expect(draft.endAt).toBe("2026-11-30T11:00");
    expect(draft.chainId).toBe(56);
  });

  it("needs a title of at most 60 characters", () => {
    expect(validateSettings(base({ title: "  " })).title).toEqual({
      key: "validation:validation.airdrop.titleRequired",
    });
    expect(validateSettings(base({ title: "x".repeat(61) })).title).toEqual({
      key: "validation:validation.airdrop.titleTooLong",
      params: { max: 60 },
    });
    expect(validateSettings(base({ title: "x".repeat(60) }))).toEqual({});
  });

  it("refuses a start later than the end, to the minute", () => {
    const errors = validateSettings(base({ startAt: "2026-12-01T10:01", endAt: "2026-12-01T10:00" }));
    expect(errors.endAt).toEqual({ key: "validation:validation.airdrop.timeOrder" });
    expect(validateSettings(base({ startAt: "2026-12-01T10:00", endAt: "2026-12-01T10:00" }))).toEqual({});
  });

  it("reads times as UTC minutes", () => {
    expect(minuteInputToIso("2026-12-01T10:05")).toBe("2026-12-01T10:05:00.000Z");
    expect(minuteInputToIso("2026-12-01")).toBeUndefined();
    expect(validateSettings(base({ startAt: "" })).startAt).toEqual({
      key: "airdrop:wizard.errors.timeRequired",
    });
  });
});

describe("wizard step 2: participants", () => {
  it("needs at least one participant", () => {
    expect(validateParticipants(0).participants).toEqual({
      key: "validation:validation.airdrop.participantsRequired",
    });
    expect(validateParticipants(3)).toEqual({});
  });
});

describe("wizard step 3: reward settings", () => {
  it("checks the token address", () => {
    expect(validateReward(base({ tokenAddress: "0x123", totalAmount: "1" }), 3).tokenAddress).toEqual({
      key: "validation:validation.airdrop.tokenAddressInvalid",
    });
    // A mixed-case address must pass the EIP-55 checksum.
    const badChecksum = `0x${token.slice(2, 41)}${token.at(-1) === "2" ? "3" : "2"}`;
    expect(
      validateReward(base({ tokenAddress: badChecksum.replace("e7f1", "E7f1"), totalAmount: "1" }), 3),
    ).toHaveProperty("tokenAddress");
    expect(validateReward(base({ tokenAddress: token, totalAmount: "1" }), 3)).toEqual({});
  });

  it("needs an amount with up to 4 decimals", () => {
    expect(validateReward(base({ tokenAddress: token }), 3).totalAmount).toEqual({
      key: "validation:validation.airdrop.amountRequired",
    });
    expect(validateReward(base({ tokenAddress: token, totalAmount: "1.23456" }), 3).totalAmount).toEqual({
      key: "validation:validation.airdrop.amountTooManyDecimals",
      params: { max: 4 },
    });
    expect(validateReward(base({ tokenAddress: token, totalAmount: "0" }), 3).totalAmount).toEqual({
      key: "validation:validation.amount.invalid",
    });
    expect(validateReward(base({ tokenAddress: token, totalAmount: "1.2345" }), 3)).toEqual({});
  });

  it("needs shares for first come, first served, at most the participant count", () => {
    const fcfs = (shares: string) => base({ tokenAddress: token, totalAmount: "10", mode: "fcfs", shares });
    expect(validateReward(fcfs(""), 3).shares).toEqual({
      key: "validation:validation.airdrop.shareRequired",
    });
    expect(validateReward(fcfs("0"), 3).shares).toEqual({
      key: "validation:validation.airdrop.shareRequired",
    });
    expect(validateReward(fcfs("4"), 3).shares).toEqual({
      key: "validation:validation.airdrop.shareOverflow",
    });
    expect(validateReward(fcfs("3"), 3)).toEqual({});
  });

  it("needs the deposit to cover the airdrop, and a logo of at most 1M", () => {
    expect(validateDeposit(5n, 10n).deposit).toEqual({
      key: "validation:validation.airdrop.depositRequired",
    });
    expect(validateDeposit(10n, 10n)).toEqual({});
    expect(validateLogo({ size: 1024 * 1024 + 1 })).toEqual({
      key: "validation:validation.airdrop.logoTooLarge",
    });
    expect(validateLogo({ size: 1024 * 1024 })).toBeUndefined();
  });
});

describe("the request body", () => {
  it("sends only the fields of the chosen reward", () => {
    const body = draftToBody(
      base({
        tokenAddress: token,
        totalAmount: "100",
        mode: "fcfs",
        shares: "2",
        discordGuildId: "123456789012345678",
      }),
    );
    expect(body).toMatchObject({
      title: "Launch drop",
      startAt: "2026-11-23T11:00:00.000Z",
      tokenAddress: token,
      totalAmount: "100",
      shares: 2,
      customToken: false,
      tokenSymbol: null,
      discordGuildId: null,
    });
    expect(draftToBody(base({ mode: "all", shares: "2" })).shares).toBeNull();
  });

  it("sends a Discord list's server and a Telegram list's chat, and checks their format", () => {
    const guild = "837840745267331272";
    expect(draftToBody(base({ idType: "discord", discordGuildId: guild })).discordGuildId).toBe(guild);
    const telegram = base({
      idType: "telegram",
      telegramChatId: " @dropfair_sandbox ",
      discordGuildId: guild,
    });
    expect(draftToBody(telegram)).toMatchObject({
      telegramChatId: "@dropfair_sandbox",
      discordGuildId: null,
    });
    expect(draftToBody(base({ idType: "wallet", telegramChatId: "-100123" })).telegramChatId).toBeNull();
    expect(validateSettings(base({ idType: "telegram", telegramChatId: "-1002233445566" }))).toEqual({});
    expect(validateSettings(base({ idType: "telegram", telegramChatId: "my group" })).telegramChatId).toEqual(
      {
        key: "airdrop:wizard.errors.telegramChat",
      },
    );
    expect(validateSettings(base({ idType: "discord", discordGuildId: "123" })).discordGuildId).toEqual({
      key: "airdrop:wizard.errors.snowflake",
    });
  });
});
