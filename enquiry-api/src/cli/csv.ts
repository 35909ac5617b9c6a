/** A signed number or phone number ("+91 98765 43210"): starts like a formula but cannot call anything. */
const plainNumber = /^[+-][\d\s().-]*$/;

/**
 * RFC 4180 CSV (CRLF rows, quoted when needed). Cells that a spreadsheet would run as a formula (starting
 * with = + - @ or a tab/CR) get a leading apostrophe: visitors' text must not execute in the agency's Excel.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !plainNumber.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row extends object>(
  rows: readonly Row[],
  columns: ReadonlyArray<keyof Row & string>,
): string {
  const lines = [columns.map(csvCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvCell(row[column])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
