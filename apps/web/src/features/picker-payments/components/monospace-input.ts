/** Input `styles` for addresses and hashes: monospace in the field, the label keeps the UI font. */
export const monospaceInput = { input: { fontFamily: "var(--mantine-font-family-monospace)" } };
