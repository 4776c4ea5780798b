import { Readable } from 'node:stream';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Builders of hostile (and honest) upload files for tests, generated in memory instead of
 * committed: a minimal zip writer, whose directory can lie about sizes, and .xlsx files around it.
 */

export interface ZipPart {
  name: string;
  /** The bytes as stored (already deflated when `deflated`). */
  stored: Buffer;
  deflated: boolean;
  /** The real uncompressed size and CRC (a deflated part's must be given). */
  size: number;
  crc: number;
  /** What the directory and local header claim instead of `size` (a lying header). */
  claimedSize?: number;
}

const u16 = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff]);
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
};

/** A zip of the parts in order, without data descriptors or ZIP64, as spreadsheet programs write small files. */
export function zipOf(parts: readonly ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const method = u16(p.deflated ? 8 : 0);
    const sizes = [u32(p.crc), u32(p.stored.length), u32(p.claimedSize ?? p.size)];
    const local = Buffer.concat([u32(0x04034b50), u16(20), u16(0x0800), method, u16(0), u16(0x21), ...sizes, u16(name.length), u16(0), name]);
    directory.push(Buffer.concat([u32(0x02014b50), u16(20), u16(20), u16(0x0800), method, u16(0), u16(0x21), ...sizes, u16(name.length), u16(0), u16(0), u16(0), u16(0), u32(0), u32(offset), name]));
    locals.push(local, p.stored);
    offset += local.length + p.stored.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.concat([u32(0x06054b50), u16(0), u16(0), u16(parts.length), u16(parts.length), u32(dir.length), u32(offset), u16(0)]);
  return Buffer.concat([...locals, dir, end]);
}

/** A part from text, deflated. */
export async function textPart(name: string, text: string): Promise<ZipPart> {
  return streamedPart(name, [Buffer.from(text, 'utf8')]);
}

/**
 * A deflated part from chunks (the same Buffer may repeat), so a part that inflates to hundreds
 * of megabytes is built without ever holding them.
 */
export async function streamedPart(name: string, chunks: Iterable<Buffer>): Promise<ZipPart> {
  let size = 0;
  let crc = 0;
  const counted = function* () {
    for (const c of chunks) {
      size += c.length;
      crc = crc32(c, crc);
      yield c;
    }
  };
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(counted()).pipe(createDeflateRaw())) out.push(chunk as Buffer);
  return { name, stored: Buffer.concat(out), deflated: true, size, crc };
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="factors" sheetId="1" r:id="rId1"/></sheets></workbook>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`;
const SHEET_START = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** An .xlsx whose only sheet is `sheet` (its XML, as a part named xl/worksheets/sheet1.xml), plus `extra` parts. */
export async function xlsxWithSheet(sheet: ZipPart, extra: readonly ZipPart[] = []): Promise<Buffer> {
  return zipOf([
    await textPart('[Content_Types].xml', CONTENT_TYPES),
    await textPart('_rels/.rels', ROOT_RELS),
    await textPart('xl/workbook.xml', WORKBOOK),
    await textPart('xl/_rels/workbook.xml.rels', WORKBOOK_RELS),
    ...extra,
    sheet,
  ]);
}

const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const COLUMN_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One sheet row as XML: inline strings and numbers in columns A, B, C, … */
export function rowXml(n: number, cells: readonly (string | number)[]): string {
  const xml = cells.map((v, i) => {
    const ref = `${COLUMN_LETTERS[i % 26]!.repeat(Math.floor(i / 26) + 1)}${n}`;
    return typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(v)}</t></is></c>`;
  });
  return `<row r="${n}">${xml.join('')}</row>`;
}

/** The sheet part of `rows` (row 1 first), streamed: `rows` may be a generator of millions. */
export function sheetPart(rows: Iterable<string>, claimedSize?: number): Promise<ZipPart> {
  const chunks = function* () {
    yield Buffer.from(SHEET_START);
    let batch: string[] = [];
    for (const r of rows) {
      batch.push(r);
      if (batch.length === 1000) {
        yield Buffer.from(batch.join(''));
        batch = [];
      }
    }
    yield Buffer.from(batch.join('') + SHEET_END);
  };
  return streamedPart('xl/worksheets/sheet1.xml', chunks()).then((p) => (claimedSize === undefined ? p : { ...p, claimedSize }));
}

/** A zip bomb: a sheet of `megabytes` MiB of whitespace (about a thousandth of that once deflated). */
export function whitespaceSheetPart(megabytes: number, claimedSize?: number): Promise<ZipPart> {
  const mib = Buffer.alloc(1024 * 1024, 0x20);
  const chunks = function* () {
    yield Buffer.from(SHEET_START);
    for (let i = 0; i < megabytes; i++) yield mib;
    yield Buffer.from(SHEET_END);
  };
  return streamedPart('xl/worksheets/sheet1.xml', chunks()).then((p) => (claimedSize === undefined ? p : { ...p, claimedSize }));
}

/** xl/sharedStrings.xml of `count` distinct texts: a few megabytes deflated, a large array once parsed. */
export function manySharedStringsPart(count: number): Promise<ZipPart> {
  const chunks = function* () {
    yield Buffer.from('<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">');
    for (let i = 0; i < count; i += 1000) yield Buffer.from(Array.from({ length: Math.min(1000, count - i) }, (_, j) => `<si><t>s${i + j}</t></si>`).join(''));
    yield Buffer.from('</sst>');
  };
  return streamedPart('xl/sharedStrings.xml', chunks());
}

export const FACTOR_HEADER = ['key', 'label_ja', 'label_en', 'label_zhHans', 'value', 'unit', 'stage', 'valid_from', 'valid_to', 'source', 'licence_note', 'category'];

/** Rows of a valid factor table: the header, then `count` factors. */
export function* factorRows(count: number): Generator<string> {
  yield rowXml(1, FACTOR_HEADER);
  for (let i = 1; i <= count; i++) yield rowXml(i + 1, [`road.k${i}`, `係数${i}`, `factor ${i}`, '', 0.1 + i / 1000, 'kg-CO2e/tkm', 'TTW', '2024-04-01', '', 'test', '', '34']);
}
