// Free text that people read (titles, names, symbols): what may not hide in it.

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069) and the directional marks
 * (U+200E, U+200F): they can make a title read backwards or hide part of it, so they are dropped.
 */
const bidiControls = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Characters that take no space on screen: white space, zero-width characters, the soft hyphen, BOM. */
const invisible = /[\s\u00ad\u180e\u200b-\u200d\u2060\ufeff]/gu;

export function stripBidiControls(text: string): string {
  return text.replace(bidiControls, "");
}

/** Whether the text shows anything at all once invisible characters are set aside. */
export function hasVisibleCharacter(text: string): boolean {
  return text.replace(invisible, "").length > 0;
}
