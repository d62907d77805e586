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

/** A CSV file read into rows of cells, with the delimiter it was found to use. */
export type ParsedCsv = {
  rows: string[][];
  delimiter: "," | ";" | "\t";
  /** The row (1-based) where a quoted cell opens and never closes, if any. */
  unclosedQuoteRow: number | null;
};

/**
 * The delimiter of a file: of comma, semicolon and tab, the one found most often outside quotes on
 * the first line (spreadsheets in much of Europe write semicolons). A comma when none is found.
 */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const counts = { ",": 0, ";": 0, "\t": 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts]++;
  }
  const best = (Object.keys(counts) as (keyof typeof counts)[]).sort((a, b) => counts[b] - counts[a])[0];
  return counts[best] > 0 ? best : ",";
}

/**
 * Reads CSV text (RFC 4180): a byte-order mark is dropped; quoted cells may hold the delimiter,
 * doubled quotes and line breaks; lines end in CRLF, LF or CR. A cell our own export guarded with a
 * leading apostrophe (`'=…`) is read back without it.
 */
export function parseCsv(input: string, delimiter?: "," | ";" | "\t"): ParsedCsv {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sep = delimiter ?? detectDelimiter(text);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let quoteRow: number | null = null;
  let i = 0;
  const endCell = () => {
    row.push(/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);
    cell = "";
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
        quoteRow = null;
      } else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === "") {
      quoted = true;
      quoteRow = rows.length + 1;
    } else if (ch === sep) endCell();
    else if (ch === "\r" || ch === "\n") {
      endRow();
      if (ch === "\r" && text[i + 1] === "\n") i++;
    } else cell += ch;
    i++;
  }
  if (quoted || cell !== "" || row.length > 0) endRow();
  return { rows, delimiter: sep, unclosedQuoteRow: quoted ? quoteRow : null };
}
