// CSV files that administrators open in a spreadsheet.

/**
 * A cell starting with one of these is read as a formula by Excel, LibreOffice and Google Sheets (and a tab or
 * carriage return ahead of them is skipped), so user-typed text starting with one could run as one.
 */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would read as a formula gets a leading apostrophe, which shows
 * the text as typed; a cell holding a comma, quote or line break is quoted, with quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV record, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
