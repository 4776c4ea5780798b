import { describe, expect, it } from 'vitest';
import { withoutPhonetic } from './phonetic';

async function stripped(chunks: string[], maxHeld = 1000): Promise<string> {
  let out = '';
  for await (const text of withoutPhonetic((async function* () { yield* chunks; })(), maxHeld)) out += text;
  return out;
}

const XML = '<si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si><si><t>a</t><rPh/></si><si><rPr><b/></rPr></si>';
const WITHOUT = '<si><t>東京</t><phoneticPr fontId="1"/></si><si><t>a</t></si><si><rPr><b/></rPr></si>';

describe('withoutPhonetic', () => {
  it('removes phonetic runs, self-closing ones too, and keeps <rPr> and <phoneticPr>', async () => {
    expect(await stripped([XML])).toBe(WITHOUT);
  });

  it('gives the same text however the XML is cut into chunks', async () => {
    for (let cut = 1; cut < XML.length; cut++) expect(await stripped([XML.slice(0, cut), XML.slice(cut)]), `cut at ${cut}`).toBe(WITHOUT);
    expect(await stripped([...XML])).toBe(WITHOUT);
  });

  it('refuses a phonetic run that never ends instead of holding the file in memory', async () => {
    await expect(stripped(['<si><rPh>', 'x'.repeat(600), 'x'.repeat(600)])).rejects.toMatchObject({ code: 'invalid_xlsx' });
  });
});
