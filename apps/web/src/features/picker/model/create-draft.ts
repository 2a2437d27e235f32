import { pickerInfoTypes } from "@dropfair/core/picker";
import { sessionStore } from "../../../shared/lib/storage";
import {
  accountAgeChoices,
  type CreatePickerFormValues,
  initialCreateValues,
  lastPostChoices,
} from "./create-form";

const choices: Partial<Record<keyof CreatePickerFormValues, readonly string[]>> = {
  infoType: pickerInfoTypes,
  minAccountAgeDays: accountAgeChoices,
  lastPostWithinDays: lastPostChoices,
};

const draftKey = "dropfair.picker.create-draft";

/** Keeps the form across the "Sign in with X" round trip. */
export function saveCreateDraft(values: CreatePickerFormValues) {
  sessionStore.set(draftKey, JSON.stringify(values));
}

/** The saved draft (taken once), merged over the defaults so a stale or foreign value cannot break the form. */
export function takeCreateDraft(): CreatePickerFormValues | undefined {
  const raw = sessionStore.get(draftKey);
  if (!raw) return undefined;
  sessionStore.remove(draftKey);
  try {
    const saved = JSON.parse(raw) as Record<string, unknown>;
    const defaults = initialCreateValues();
    const merged: Record<string, unknown> = { ...defaults };
    for (const [key, value] of Object.entries(defaults)) {
      const candidate = saved[key];
      const sameShape = Array.isArray(value)
        ? Array.isArray(candidate) && candidate.every((item) => typeof item === "string")
        : typeof candidate === typeof value;
      const allowed = choices[key as keyof CreatePickerFormValues];
      if (sameShape && (!allowed || allowed.includes(candidate as string))) merged[key] = candidate;
    }
    return merged as CreatePickerFormValues;
  } catch {
    return undefined;
  }
}
