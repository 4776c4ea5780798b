import { describe, expect, it } from 'vitest';
import { UNITS, baseUnitOf } from './catalogue';
import { parseUnit, unitKey, unit } from './parse';
import { add, convert, quantity, subtract, sumIn } from './quantity';
import { equals, mul, parseRational, toNumber, fromNumber, div } from './rational';

const conv = (value: number, from: string, to: string) => {
  const r = convert(quantity(value, from), to);
  if (!r.ok) throw new Error(`${from}→${to}: ${r.error}`);
  return r.value.value;
};

describe('unit parsing', () => {
  it('parses the product’s unit list (kl, t, GJ, m3, thousand kWh, thousand m3, km, kg) in English and Japanese spellings', () => {
    const cases: [string, string][] = [
      ['kl', 'kL'], ['kL', 'kL'], ['KL', 'kL'], ['キロリットル', 'kL'], ['ｋＬ', 'kL'], ['千L', 'kL'],
      ['t', 't'], ['トン', 't'], ['ｔ', 't'], ['tonne', 't'],
      ['GJ', 'GJ'], ['ギガジュール', 'GJ'],
      ['m3', 'm3'], ['m³', 'm3'], ['㎥', 'm3'], ['立方メートル', 'm3'],
      ['thousand kWh', 'thousand_kWh'], ['千kWh', 'thousand_kWh'], ['千キロワット時', 'thousand_kWh'],
      ['thousand m3', 'thousand_m3'], ['千m3', 'thousand_m3'], ['千㎥', 'thousand_m3'], ['千m³', 'thousand_m3'],
      ['km', 'km'], ['キロメートル', 'km'], ['㎞', 'km'],
      ['kg', 'kg'], ['キログラム', 'kg'], ['㎏', 'kg'],
      ['L', 'L'], ['リットル', 'L'], ['ℓ', 'L'],
      ['kWh', 'kWh'], ['キロワット時', 'kWh'], ['MWh', 'MWh'], ['mmBtu', 'mmBtu'], ['MMBtu', 'mmBtu'],
      ['t·km', 'tkm'], ['t・km', 'tkm'], ['トンキロ', 'tkm'], ['ton-km', 'tkm'],
      ['人キロ', 'pkm'], ['person-km', 'pkm'], ['passenger-km', 'pkm'],
      ['千Nm3', 'thousand_Nm3'], ['Nm³', 'Nm3'],
      ['gallon', 'gal'], ['ガロン', 'gal'], ['ton-mile', 'ton_mile'],
      ['円', 'JPY'], ['千円', 'thousand_JPY'], ['百万円', 'million_JPY'], ['USD', 'USD'], ['米ドル', 'USD'],
      ['㎡', 'm2'], ['人日', 'person_day'], ['人工', 'person_day'], ['泊', 'night'], ['台', 'pcs'], ['%', 'percent'],
    ];
    for (const [text, id] of cases) {
      const r = parseUnit(text);
      expect(r.ok ? r.value.id : r.error, text).toBe(id);
    }
  });

  it('parses compound units and gives them the quotient dimension', () => {
    const r = parseUnit('km/L');
    expect(r.ok && r.value.dimension).toBe('distance/volume');
    expect(parseUnit('L/時間').ok && (parseUnit('L/時間') as { value: { id: string } }).value.id).toBe('L/h');
  });

  it('refuses ambiguous spellings instead of guessing (ton, キロ, ポンド) and unknown ones', () => {
    expect(parseUnit('ton')).toMatchObject({ ok: false, error: 'ambiguous_unit' });
    expect(parseUnit('キロ')).toMatchObject({ ok: false, error: 'ambiguous_unit' });
    expect(parseUnit('ポンド')).toMatchObject({ ok: false, error: 'ambiguous_unit' });
    expect(parseUnit('furlong')).toMatchObject({ ok: false, error: 'unknown_unit' });
  });

  it('no two units share a spelling under the canonical key', () => {
    const owner = new Map<string, string>();
    for (const u of UNITS) {
      for (const s of new Set([u.id, u.symbol, ...u.aliases].map(unitKey))) {
        expect(owner.get(s) ?? u.id, `"${s}" claimed by ${owner.get(s)} and ${u.id}`).toBe(u.id);
        owner.set(s, u.id);
      }
    }
  });

  it('every unit has labels in ja, en and zhHans, and every dimension has a base unit', () => {
    for (const u of UNITS) {
      expect(u.label.ja && u.label.en && u.label.zhHans, u.id).toBeTruthy();
      expect(baseUnitOf(u.dimension), u.dimension).toBeDefined();
    }
  });
});

describe('exact conversions', () => {
  it('power-of-ten conversions shift the decimal point exactly (no 1100.0000000000002)', () => {
    expect(conv(1.1, 'kL', 'L')).toBe(1100);
    expect(conv(1.1, 't', 'kg')).toBe(1100);
    expect(1.1 * 100).not.toBe(110); // the float trap this avoids …
    expect(conv(1.1, 'hundred_million_JPY', 'million_JPY')).toBe(110); // … here: 1.1 億円 = 110 百万円
    expect(conv(12.345, 'GJ', 'MJ')).toBe(12345);
    expect(conv(0.3, 'thousand_m3', 'm3')).toBe(300);
    expect(conv(2.05, 'thousand_kWh', 'kWh')).toBe(2050);
    expect(conv(2050, 'kWh', 'thousand_kWh')).toBe(2.05);
    expect(conv(1, 'MWh', 'thousand_kWh')).toBe(1);
    expect(conv(1, 'kL', 'm3')).toBe(1);
    expect(conv(0.1, 'L', 'kL')).toBe(0.0001);
  });

  it('non-decimal-power factors are exact rationals, rounded once', () => {
    expect(conv(1, 'gal', 'L')).toBe(3.785411784); // 1 US gal = 231 in³ = 3.785411784 L exactly
    expect(conv(10, 'gal', 'L')).toBe(37.85411784);
    expect(conv(1, 'mmBtu', 'GJ')).toBe(1.05505585262); // 1 Btu(IT) = 1055.05585262 J
    expect(conv(1, 'kWh', 'MJ')).toBe(3.6);
    expect(conv(1, 'ton_mile', 'tkm')).toBe(1.45997231821056);
    // ton-mile is exactly short ton × mile: 0.90718474 t × 1.609344 km
    expect(equals(unit('ton_mile').factor, mul(div(unit('short_ton').factor, unit('t').factor), unit('mile').factor))).toBe(true);
    // 1 L in gallons: 1 / 3.785411784 = 0.264172052358148… correctly rounded
    expect(conv(1, 'L', 'gal')).toBe(toNumber(div(parseRational('1'), parseRational('3.785411784'))));
    expect(conv(1, 'L', 'gal')).toBeCloseTo(0.264172052358148, 15);
  });

  it('rounds ties to even and handles exact halves', () => {
    expect(toNumber(parseRational('1/3'))).toBe(1 / 3);
    expect(toNumber(parseRational('2/3'))).toBe(2 / 3);
    expect(toNumber(parseRational('9007199254740993'))).toBe(9007199254740992); // 2^53 + 1 → tie → even
    expect(toNumber(fromNumber(0.1))).toBe(0.1);
  });

  it('refuses conversion across dimensions, including Nm³ ↔ m³ (different reference conditions)', () => {
    expect(convert(quantity(1, 'kg'), 'L')).toMatchObject({ ok: false, error: 'unit_mismatch' });
    expect(convert(quantity(1, 'Nm3'), 'm3')).toMatchObject({ ok: false, error: 'unit_mismatch' });
    expect(convert(quantity(1, 'tkm'), 'pkm')).toMatchObject({ ok: false, error: 'unit_mismatch' });
    expect(convert(quantity(1, 'USD'), 'JPY')).toMatchObject({ ok: false, error: 'unit_mismatch' });
  });
});

describe('adding quantities', () => {
  it('adds equal units', () => {
    expect(add(quantity(1.5, 'kg'), quantity(2, 'kg'))).toEqual({ ok: true, value: { value: 3.5, unit: 'kg' } });
    expect(subtract(quantity(5, 'L'), quantity(2, 'L'))).toEqual({ ok: true, value: { value: 3, unit: 'L' } });
  });

  it('kg + t is a type error and, with units from data, a runtime error — never a number', () => {
    // @ts-expect-error — the units differ at compile time
    const typed = add(quantity(1, 'kg'), quantity(1, 't'));
    expect(typed).toMatchObject({ ok: false, error: 'conversion_required' });
    const fromData = (u: string) => quantity(1, u);
    expect(add(fromData('kg'), fromData('L'))).toMatchObject({ ok: false, error: 'unit_mismatch' });
    expect(add(fromData('kL'), fromData('L'))).toMatchObject({ ok: false, error: 'conversion_required' });
  });

  it('sums across units only through an explicit target unit', () => {
    expect(sumIn([quantity(1, 't'), quantity(500, 'kg')], 'kg')).toEqual({ ok: true, value: { value: 1500, unit: 'kg' } });
    expect(sumIn([quantity(1, 't'), quantity(1, 'L')], 'kg')).toMatchObject({ ok: false, error: 'unit_mismatch' });
  });
});
