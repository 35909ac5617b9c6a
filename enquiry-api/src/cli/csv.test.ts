import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });

  it('defuses spreadsheet formulas but keeps phone numbers as they are', () => {
    expect(csvCell('=HYPERLINK("http://x.example","click")')).toBe(
      '"\'=HYPERLINK(""http://x.example"",""click"")"',
    );
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-1+cmd|calc')).toBe("'-1+cmd|calc");
    expect(csvCell('+91 98765 43210')).toBe('+91 98765 43210');
  });

  it('writes a header row and CRLF line ends', () => {
    expect(toCsv([{ id: 'a', name: 'Shop, Ltd' }], ['id', 'name'])).toBe('id,name\r\na,"Shop, Ltd"\r\n');
  });
});
