// The create-a-game form: what the inputs hold (text as typed, times to the minute in UTC), the body it sends,
// and the form's checks — the shared body schema, plus the per-kind prize rules the server applies.
import {
  type WheelCreateBody,
  type WheelPrizeKind,
  wheelCreateBodySchema,
  wheelMaxPrizes,
} from "@dropfair/schemas/wheel";

export type PrizeRow = {
  /** A key for React's list only; never sent. */
  key: number;
  kind: WheelPrizeKind;
  label: string;
  amount: string;
  token: string;
  weight: string;
  count: string;
  unlimited: boolean;
};

export type GameFormValues = {
  title: string;
  description: string;
  chainId: string;
  startAt: string;
  endAt: string;
  prizes: PrizeRow[];
  dailyFreeTicket: boolean;
  partnerSlug: string;
};

/** A field (`title`, `prizes.0.amount`) and the catalogue key of its message. */
export type GameFormErrors = Record<string, string>;

const minutePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A datetime-local value, read as UTC, to an ISO instant; undefined when blank or unreadable. */
export function minuteToIso(value: string): string | undefined {
  if (!minutePattern.test(value)) return undefined;
  const date = new Date(`${value}:00.000Z`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An instant as a datetime-local value in UTC, to the minute. */
export function isoToMinute(date: Date): string {
  return date.toISOString().slice(0, 16);
}

/** Whether a kind carries an amount, a token address, and must have a count (funded up front). */
export const kindNeeds = (kind: WheelPrizeKind) => ({
  amount: kind === "ep" || kind === "token",
  token: kind === "token" || kind === "nft",
  count: kind === "token" || kind === "nft",
});

let nextKey = 1;

export function newPrizeRow(kind: WheelPrizeKind = "ep"): PrizeRow {
  nextKey += 1;
  return { key: nextKey, kind, label: "", amount: "", token: "", weight: "1", count: "", unlimited: true };
}

/** A new game: starting in an hour (to the minute), running a week, one EP prize and one "nothing". */
export function initialGameValues(now: Date, chainId: number | undefined): GameFormValues {
  const start = new Date(Math.ceil(now.getTime() / 60_000) * 60_000 + 3_600_000);
  return {
    title: "",
    description: "",
    chainId: chainId === undefined ? "" : String(chainId),
    startAt: isoToMinute(start),
    endAt: isoToMinute(new Date(start.getTime() + 7 * 86_400_000)),
    prizes: [{ ...newPrizeRow("ep"), amount: "10", weight: "1" }, newPrizeRow("nothing")],
    dailyFreeTicket: false,
    partnerSlug: "",
  };
}

const wholeNumber = (text: string) => (/^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The wire body of the values; a field left as typed (or NaN) is caught by the schema. */
export function toCreateBody(values: GameFormValues): WheelCreateBody {
  return {
    title: values.title,
    description: values.description,
    chainId: wholeNumber(values.chainId),
    startAt: minuteToIso(values.startAt) ?? values.startAt,
    endAt: minuteToIso(values.endAt) ?? values.endAt,
    prizes: values.prizes.map((row) => {
      const needs = kindNeeds(row.kind);
      const limited = needs.count || !row.unlimited;
      return {
        kind: row.kind,
        ...(row.label.trim() ? { label: row.label.trim() } : {}),
        weight: wholeNumber(row.weight),
        count: limited ? wholeNumber(row.count) : null,
        ...(needs.amount ? { amount: row.amount.trim() } : {}),
        ...(needs.token ? { token: row.token.trim() } : {}),
      };
    }),
    dailyFreeTicket: values.dailyFreeTicket,
    ...(values.partnerSlug ? { partnerSlug: values.partnerSlug } : {}),
  };
}

/** The rules of each prize kind the shared schema leaves to the server: amounts per kind, required fields. */
function prizeRuleErrors(values: GameFormValues): GameFormErrors {
  const errors: GameFormErrors = {};
  values.prizes.forEach((row, index) => {
    const needs = kindNeeds(row.kind);
    const amount = row.amount.trim();
    if (row.kind === "ep" && !/^[1-9][0-9]{0,8}$/.test(amount))
      errors[`prizes.${index}.amount`] = "wheel:create.errors.epAmount";
    if (row.kind === "token" && !/^(0|[1-9][0-9]{0,29})(\.[0-9]{1,18})?$/.test(amount))
      errors[`prizes.${index}.amount`] = "wheel:create.errors.tokenAmount";
    else if (row.kind === "token" && !/[1-9]/.test(amount))
      errors[`prizes.${index}.amount`] = "wheel:create.errors.tokenAmount";
    if (needs.token && row.token.trim() === "")
      errors[`prizes.${index}.token`] = "wheel:create.errors.tokenRequired";
    if (needs.count && row.count.trim() === "")
      errors[`prizes.${index}.count`] = "wheel:create.errors.countRequired";
  });
  return errors;
}

function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join(".") || "form";
}

function messageOf(field: string, message: string): string {
  if (field === "startAt" || field === "endAt")
    return message === "validation.airdrop.timeOrder"
      ? "wheel:create.errors.timeOrder"
      : "wheel:create.errors.timeRequired";
  if (field === "chainId") return "wheel:create.errors.chainRequired";
  if (field === "prizes") return "wheel:create.errors.prizeCount";
  if (/^prizes\.\d+\.weight$/.test(field)) return "wheel:create.errors.weight";
  if (/^prizes\.\d+\.count$/.test(field)) return "wheel:create.errors.count";
  if (/^prizes\.\d+\.token$/.test(field)) return "wheel:create.errors.tokenAddress";
  return message.startsWith("validation.") ? `validation:${message}` : "wheel:create.errors.field";
}

/** The form's messages (empty when it can be sent), and the body as the schema gives it back. */
export function checkGameForm(values: GameFormValues): {
  errors: GameFormErrors;
  body?: WheelCreateBody;
} {
  const body = toCreateBody(values);
  const parsed = wheelCreateBodySchema.safeParse(body);
  // The per-kind rules speak first: they say what is missing where the schema only says "not valid".
  const errors: GameFormErrors = prizeRuleErrors(values);
  if (!minuteToIso(values.startAt)) errors.startAt = "wheel:create.errors.timeRequired";
  if (!minuteToIso(values.endAt)) errors.endAt = "wheel:create.errors.timeRequired";
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      errors[field] ??= messageOf(field, issue.message);
    }
  if (values.prizes.length > wheelMaxPrizes) errors.prizes = "wheel:create.errors.prizeCount";
  // The schema's output is what goes: trimmed text, UTC instants, checksummed addresses.
  return Object.keys(errors).length === 0 && parsed.success ? { errors, body: parsed.data } : { errors };
}

/** The chance of each row as the game page shows it, from the weights typed so far (a blank weight counts 0). */
export function rowWeights(rows: readonly PrizeRow[]): { weight: number }[] {
  return rows.map((row) => {
    const weight = wholeNumber(row.weight);
    return { weight: Number.isFinite(weight) ? weight : 0 };
  });
}
