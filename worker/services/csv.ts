/**
 * CSV for staff to open in Excel or Google Sheets: UTF-8 with a byte order mark (so Excel reads
 * naira signs and names right), RFC 4180 quoting, CRLF line ends. A cell that begins with =, +, -
 * or @ (or a tab or carriage return) is prefixed with ' so a spreadsheet shows it as text instead
 * of running it as a formula: a customer's name is never a formula.
 */
export type CsvCell = string | number | boolean | null | undefined;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return `${BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** A spreadsheet's columns: each header with how a row gives its cell. */
export type CsvColumns<Row> = ReadonlyArray<readonly [header: string, cell: (row: Row) => CsvCell]>;

export const csvOf = <Row>(columns: CsvColumns<Row>, rows: readonly Row[]): string =>
  toCsv(
    columns.map(([header]) => header),
    rows.map((row) => columns.map(([, cell]) => cell(row))),
  );
