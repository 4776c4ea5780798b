import { ImportFileProblem } from './problem';

const OPEN = '<rPh';
const CLOSE = /<\/rPh\s*>/g;

/** How many characters at the end of `text` could be the start of `<rPh` continued in the next chunk. */
function partialOpen(text: string): number {
  for (let length = Math.min(OPEN.length, text.length); length > 0; length--) if (text.endsWith(OPEN.slice(0, length))) return length;
  return 0;
}

/** `text` without its complete phonetic runs, and the unfinished end to prepend to the next chunk. */
function strip(text: string): { out: string; held: string } {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf(OPEN, at);
    if (open < 0) break;
    const gt = text.indexOf('>', open);
    const next = text[open + OPEN.length];
    if (gt < 0 || next === undefined) return { out: out + text.slice(at, open), held: text.slice(open) };
    if (!/[\s/>]/.test(next)) {
      // Another element whose name starts with rPh: keep it.
      out += text.slice(at, gt + 1);
      at = gt + 1;
      continue;
    }
    out += text.slice(at, open);
    if (text[gt - 1] === '/') {
      at = gt + 1;
      continue;
    }
    CLOSE.lastIndex = gt;
    const close = CLOSE.exec(text);
    if (!close) return { out, held: text.slice(open) };
    at = close.index + close[0].length;
  }
  const keep = partialOpen(text.slice(at));
  return { out: out + text.slice(at, text.length - keep), held: text.slice(text.length - keep) };
}

/**
 * XML text without its `<rPh>` elements (the phonetic reading Japanese Excel stores with text
 * typed through an IME: `<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>`).
 * ExcelJS's streaming reader keeps the last `<t>` of a string, which is the reading, so 東京 would
 * be imported as トウキョウ; without the runs it keeps the text the user sees.
 */
export async function* withoutPhonetic(chunks: AsyncIterable<string>, maxHeldChars: number): AsyncGenerator<string> {
  let held = '';
  for await (const chunk of chunks) {
    const stripped = strip(held + chunk);
    held = stripped.held;
    if (held.length > maxHeldChars) throw new ImportFileProblem('invalid_xlsx');
    if (stripped.out) yield stripped.out;
  }
  // An element left open at the end is malformed XML: the parser says so.
  if (held) yield held;
}
