// CSV written for spreadsheets (RFC 4180): fields with a comma, a quote or a line break are quoted,
// quotes doubled, lines end in CRLF. A cell that starts with = + - @ (or a tab or carriage return)
// would run as a formula when the file is opened, so it is written with a leading apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: guarded against formulas, quoted when it needs to be. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One line of cells, ended with CRLF. */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
