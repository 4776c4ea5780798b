import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipPart {
  name: string;
  content: string | Buffer;
  /** Stored instead of deflated; `data` replaces the compressed bytes (to break them on purpose). */
  stored?: boolean;
  data?: Buffer;
  /** What the directory claims, when a test wants it to lie. */
  claimedSize?: number;
}

/** A minimal zip (no data descriptors, no comment), enough for hand-written .xlsx parts. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const content = Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content);
    const data = part.data ?? (part.stored ? content : deflateRawSync(content));
    const name = Buffer.from(part.name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0, at + 2);
      header.writeUInt16LE(part.stored ? 0 : 8, at + 4);
      header.writeUInt32LE(crc32(content), at + 10);
      header.writeUInt32LE(data.length, at + 14);
      header.writeUInt32LE(part.claimedSize ?? content.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A one-sheet .xlsx from hand-written sheet XML (`<row>` elements) and shared strings (`<si>` elements). */
export function xlsxOf(rowsXml: string, sharedStringsXml?: string, sheetPart: Partial<ZipPart> = {}): Buffer {
  const rels = [
    `<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`,
    sharedStringsXml === undefined ? '' : `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`,
  ];
  return zipOf([
    { name: 'xl/workbook.xml', content: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="data" sheetId="1" r:id="rId1"/></sheets></workbook>` },
    { name: 'xl/_rels/workbook.xml.rels', content: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>` },
    ...(sharedStringsXml === undefined ? [] : [{ name: 'xl/sharedStrings.xml', content: `<sst xmlns="${MAIN}">${sharedStringsXml}</sst>` }]),
    { name: 'xl/worksheets/sheet1.xml', content: `<worksheet xmlns="${MAIN}"><sheetData>${rowsXml}</sheetData></worksheet>`, ...sheetPart },
  ]);
}
