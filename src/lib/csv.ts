/**
 * CSV as RFC 4180 writes it: fields separated by commas, records by CRLF (LF is read too), a field
 * with a comma, quote or line break inside double quotes, a quote inside one doubled. A leading
 * byte-order mark is skipped, as spreadsheets write one.
 */

export class CsvError extends Error {
  constructor(
    message: string,
    /** The 1-based line the problem starts on. */
    readonly line: number,
  ) {
    super(message);
  }
}

/** Records of fields; a record that is one empty field (a blank line) is left out. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    record.push(field);
    if (record.length > 1 || record[0] !== '') records.push(record);
    record = [];
    field = '';
  };
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n')
          throw new CsvError(`Line ${line}: text after a closing quote; put the whole field in quotes and double any quote inside it.`, line);
        continue;
      }
      if (c === '\n') line += 1;
      field += c;
      i += 1;
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new CsvError(`Line ${line}: a quote inside an unquoted field; put the whole field in quotes and double the quote.`, line);
      quoted = true;
      quoteLine = line;
      i += 1;
    } else if (c === ',') {
      record.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new CsvError(`Line ${quoteLine}: a quoted field is never closed; add the closing quote.`, quoteLine);
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Records as CSV text, CRLF after each record. */
export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((record) => record.map(csvField).join(',') + '\r\n').join('');
}

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @, tab or return first) is written
 * with a leading apostrophe, which spreadsheets show as text; `fromSpreadsheetText` takes it off.
 * Numbers are left as they are.
 */
export function asSpreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

export function fromSpreadsheetText(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}
