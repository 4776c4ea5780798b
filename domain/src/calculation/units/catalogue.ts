import { labels, type Labels } from '../i18n';
import { parseRational, type Rational } from './rational';

/**
 * The unit catalogue. Each unit belongs to one dimension and has an exact factor to that
 * dimension's base unit. Units of different dimensions never convert into each other; units of one
 * dimension convert exactly (see rational.ts).
 *
 * Dimensions are deliberately finer than physics where accounting needs it:
 * - `normalVolume` (Nm³, gas at 0 °C, 1 atm) and `standardVolumeUS` (scf, 60 °F) are not `volume`:
 *   converting them needs a temperature and pressure correction, never a silent 1:1 factor. (SHK's
 *   new city-gas factor is per 千m³ at 25 °C, 1 bar, which is why the legacy 千Nm³ value can't be
 *   reused for it.)
 * - `freight` (t·km) and `passengerDistance` (person-km) are their own dimensions: a t·km factor
 *   applied to km or a pkm factor applied to vehicle-km is a ×(load) error, so it must not type-check.
 * - each currency is its own dimension (`currency:JPY`, `currency:USD`, …): currencies convert only
 *   through a fiscal-year rate, which is a formula step, not a unit conversion.
 */
export type Dimension =
  | 'mass'
  | 'volume'
  | 'normalVolume'
  | 'standardVolumeUS'
  | 'energy'
  | 'power'
  | 'distance'
  | 'freight'
  | 'passengerDistance'
  | 'area'
  | 'time'
  | 'calendarTime'
  | 'count'
  | 'persons'
  | 'personDays'
  | 'nights'
  | 'ratio'
  | `currency:${string}`;

export interface UnitDef {
  readonly id: string;
  readonly dimension: Dimension;
  /** Exact factor to the dimension's base unit: value_in_base = value × factor. */
  readonly factor: Rational;
  /** Display symbol (the id where it is already readable). */
  readonly symbol: string;
  readonly label: Labels;
  /** Further spellings accepted by parseUnit (Japanese, English, Chinese, typographic variants). */
  readonly aliases: readonly string[];
}

const def = (
  id: string,
  dimension: Dimension,
  factor: string,
  label: Labels,
  aliases: readonly string[] = [],
  symbol = id,
): UnitDef => ({ id, dimension, factor: parseRational(factor), symbol, label, aliases });

/** Base units: kg, L, Nm3, scf, MJ, kW, km, tkm, pkm, m2, h, month, pcs, person, person_day, night, ratio, JPY. */
const STATIC_UNITS = [
  // mass
  def('mg', 'mass', '0.000001', labels('ミリグラム', 'milligram', '毫克'), ['ミリグラム', 'milligram', '毫克']),
  def('g', 'mass', '0.001', labels('グラム', 'gram', '克'), ['グラム', 'gram', 'grams', '克']),
  def('kg', 'mass', '1', labels('キログラム', 'kilogram', '千克'), ['キログラム', 'kilogram', 'kilograms', 'kgs', '千克', '公斤']),
  def('t', 'mass', '1000', labels('トン', 'tonne', '吨'), ['トン', 'tonne', 'tonnes', 'metric ton', 'metric tons', '吨', '公吨']),
  def('kt', 'mass', '1000000', labels('千トン', 'kilotonne', '千吨'), ['千t', '千トン', 'kilotonne', 'kilotonnes', '千吨']),
  def('lb', 'mass', '0.45359237', labels('ポンド(質量)', 'pound', '磅'), ['lbs', 'pound', 'pounds', '磅']),
  def('short_ton', 'mass', '907.18474', labels('米トン(ショートトン)', 'short ton (US)', '短吨'), ['short ton', 'short tons', 'US ton', 'US tons', 'ショートトン', '米トン', '短吨'], 'short ton'),
  // volume (liquids and geometric volume)
  def('mL', 'volume', '0.001', labels('ミリリットル', 'millilitre', '毫升'), ['ミリリットル', 'millilitre', 'milliliter', '毫升']),
  def('L', 'volume', '1', labels('リットル', 'litre', '升'), ['ℓ', 'リットル', 'litre', 'litres', 'liter', 'liters', '升', '公升']),
  def('kL', 'volume', '1000', labels('キロリットル', 'kilolitre', '千升'), ['キロリットル', '千リットル', '千L', 'kilolitre', 'kilolitres', 'kiloliter', 'kiloliters', '千升']),
  def('thousand_kL', 'volume', '1000000', labels('千キロリットル', 'thousand kilolitres', '千千升'), ['千kL', '千キロリットル', 'thousand kL', 'thousand kl'], '千kL'),
  def('m3', 'volume', '1000', labels('立方メートル', 'cubic metre', '立方米'), ['m³', 'm^3', '㎥', '立方メートル', '立米', 'cubic metre', 'cubic metres', 'cubic meter', 'cubic meters', '立方米'], 'm³'),
  def('thousand_m3', 'volume', '1000000', labels('千立方メートル', 'thousand cubic metres', '千立方米'), ['千m3', '千m³', '千㎥', '千立方メートル', 'thousand m3', 'thousand m³', 'thousand cubic metres', 'thousand cubic meters', '1000 m3', '千立方米'], '千m³'),
  def('gal', 'volume', '3.785411784', labels('ガロン(米)', 'US gallon', '美制加仑'), ['gallon', 'gallons', 'US gal', 'US gallon', 'US gallons', 'ガロン', '加仑', '美制加仑']),
  def('bbl', 'volume', '158.987294928', labels('バレル', 'barrel (oil)', '桶'), ['barrel', 'barrels', 'バレル', '桶']),
  // gas volume at reference conditions: not convertible to geometric volume without T/p
  def('Nm3', 'normalVolume', '1', labels('立方メートル(標準状態)', 'normal cubic metre', '标准立方米'), ['Nm³', 'N㎥', 'normal m3', 'normal cubic metre', 'normal cubic meter', 'ノルマル立方メートル', '標準立方メートル', '标准立方米'], 'Nm³'),
  def('thousand_Nm3', 'normalVolume', '1000', labels('千立方メートル(標準状態)', 'thousand normal cubic metres', '千标准立方米'), ['千Nm3', '千Nm³', '千N㎥', 'thousand Nm3', 'thousand Nm³', '千标准立方米'], '千Nm³'),
  def('scf', 'standardVolumeUS', '1', labels('標準立方フィート', 'standard cubic foot', '标准立方英尺'), ['standard cubic foot', 'standard cubic feet', '标准立方英尺']),
  def('Mscf', 'standardVolumeUS', '1000', labels('千標準立方フィート', 'thousand standard cubic feet', '千标准立方英尺'), ['Mcf', 'thousand scf', '千标准立方英尺']),
  // energy
  def('J', 'energy', '0.000001', labels('ジュール', 'joule', '焦耳'), ['joule', 'joules', 'ジュール', '焦耳']),
  def('kJ', 'energy', '0.001', labels('キロジュール', 'kilojoule', '千焦'), ['kilojoule', 'kilojoules', 'キロジュール', '千焦']),
  def('MJ', 'energy', '1', labels('メガジュール', 'megajoule', '兆焦'), ['megajoule', 'megajoules', 'メガジュール', '兆焦']),
  def('GJ', 'energy', '1000', labels('ギガジュール', 'gigajoule', '吉焦'), ['gigajoule', 'gigajoules', 'ギガジュール', '吉焦']),
  def('TJ', 'energy', '1000000', labels('テラジュール', 'terajoule', '太焦'), ['terajoule', 'terajoules', 'テラジュール', '太焦']),
  def('Wh', 'energy', '0.0036', labels('ワット時', 'watt-hour', '瓦时'), ['watt hour', 'watt-hour', 'ワット時', '瓦时']),
  def('kWh', 'energy', '3.6', labels('キロワット時', 'kilowatt-hour', '千瓦时'), ['kilowatt hour', 'kilowatt-hour', 'kilowatt hours', 'kilowatt-hours', 'キロワット時', 'キロワットアワー', '千瓦时', '度']),
  def('thousand_kWh', 'energy', '3600', labels('千キロワット時', 'thousand kWh', '千千瓦时'), ['千kWh', '千キロワット時', 'thousand kWh', 'thousand kilowatt hours', '1000 kWh'], '千kWh'),
  def('MWh', 'energy', '3600', labels('メガワット時', 'megawatt-hour', '兆瓦时'), ['megawatt hour', 'megawatt-hour', 'megawatt hours', 'メガワット時', '兆瓦时']),
  def('GWh', 'energy', '3600000', labels('ギガワット時', 'gigawatt-hour', '吉瓦时'), ['gigawatt hour', 'gigawatt-hour', 'ギガワット時', '吉瓦时']),
  def('Btu', 'energy', '0.00105505585262', labels('英熱量単位', 'British thermal unit (IT)', '英热单位'), ['BTU', 'British thermal unit', '英熱量単位', '英热单位']),
  def('mmBtu', 'energy', '1055.05585262', labels('百万英熱量単位', 'million Btu', '百万英热单位'), ['MMBtu', 'MMBTU', 'million Btu', 'million BTU', '百万英熱量単位', '百万英热单位']),
  def('therm', 'energy', '105.505585262', labels('サーム', 'therm (US)', '撒姆'), ['therms', 'サーム', '撒姆']),
  def('kcal', 'energy', '0.0041868', labels('キロカロリー', 'kilocalorie (IT)', '千卡'), ['kilocalorie', 'kilocalories', 'キロカロリー', '千卡']),
  def('Gcal', 'energy', '4186.8', labels('ギガカロリー', 'gigacalorie (IT)', '吉卡'), ['gigacalorie', 'gigacalories', 'ギガカロリー', '吉卡']),
  // power (product master: power consumption)
  def('W', 'power', '0.001', labels('ワット', 'watt', '瓦'), ['watt', 'watts', 'ワット', '瓦']),
  def('kW', 'power', '1', labels('キロワット', 'kilowatt', '千瓦'), ['kilowatt', 'kilowatts', 'キロワット', '千瓦']),
  def('MW', 'power', '1000', labels('メガワット', 'megawatt', '兆瓦'), ['megawatt', 'megawatts', 'メガワット', '兆瓦']),
  // distance
  def('m', 'distance', '0.001', labels('メートル', 'metre', '米'), ['metre', 'metres', 'meter', 'meters', 'メートル', '米']),
  def('km', 'distance', '1', labels('キロメートル', 'kilometre', '公里'), ['キロメートル', 'kilometre', 'kilometres', 'kilometer', 'kilometers', '公里', '千米']),
  def('mile', 'distance', '1.609344', labels('マイル', 'mile', '英里'), ['mi', 'miles', 'マイル', '英里']),
  def('nmi', 'distance', '1.852', labels('海里', 'nautical mile', '海里'), ['nautical mile', 'nautical miles', '海里', 'カイリ']),
  // freight activity
  def('tkm', 'freight', '1', labels('トンキロ', 'tonne-kilometre', '吨公里'), ['t·km', 't・km', 't-km', 't km', 'tkm', 'ton-km', 'ton km', 'tonne-km', 'tonne km', 'tonne-kilometre', 'tonne-kilometres', 'tonne-kilometer', 'トンキロ', 'トン・キロ', 'トンキロメートル', '吨公里', '吨·公里'], 't·km'),
  def('kgkm', 'freight', '0.001', labels('キログラムキロ', 'kilogram-kilometre', '千克公里'), ['kg·km', 'kg・km', 'kg-km', 'kg km', 'キログラムキロ', '千克公里'], 'kg·km'),
  def('thousand_tkm', 'freight', '1000', labels('千トンキロ', 'thousand tonne-kilometres', '千吨公里'), ['千トンキロ', '千t·km', '千tkm', 'thousand tkm', 'thousand t·km', '千吨公里'], '千t·km'),
  def('ton_mile', 'freight', '1.45997231821056', labels('トンマイル(米トン)', 'ton-mile (short ton)', '吨英里(短吨)'), ['ton-mile', 'ton-miles', 'ton mile', 'ton miles', 'short ton-mile', 'トンマイル', '吨英里'], 'ton-mile'),
  // passenger activity
  def('pkm', 'passengerDistance', '1', labels('人キロ', 'passenger-kilometre', '人公里'), ['person-km', 'person km', 'person·km', 'passenger-km', 'passenger km', 'passenger-kilometre', 'passenger-kilometres', 'p-km', '人キロ', '人km', '人・km', '人·km', '人キロメートル', '人公里', '人·公里'], 'person·km'),
  def('person_mile', 'passengerDistance', '1.609344', labels('人マイル', 'passenger-mile', '人英里'), ['person-mile', 'passenger-mile', 'passenger-miles', '人マイル', '人英里'], 'person·mile'),
  // area
  def('m2', 'area', '1', labels('平方メートル', 'square metre', '平方米'), ['m²', 'm^2', '㎡', '平方メートル', '平米', 'square metre', 'square metres', 'square meter', 'square meters', 'sqm', '平方米'], 'm²'),
  def('thousand_m2', 'area', '1000', labels('千平方メートル', 'thousand square metres', '千平方米'), ['千m2', '千m²', '千㎡', 'thousand m2', 'thousand m²', '千平方米'], '千m²'),
  def('ha', 'area', '10000', labels('ヘクタール', 'hectare', '公顷'), ['hectare', 'hectares', 'ヘクタール', '公顷']),
  def('ft2', 'area', '0.09290304', labels('平方フィート', 'square foot', '平方英尺'), ['ft²', 'sq ft', 'square foot', 'square feet', '平方フィート', '平方英尺'], 'ft²'),
  // time (exact durations)
  def('s', 'time', '1/3600', labels('秒', 'second', '秒'), ['sec', 'second', 'seconds', '秒']),
  def('min', 'time', '1/60', labels('分', 'minute', '分钟'), ['minute', 'minutes', '分', '分钟']),
  def('h', 'time', '1', labels('時間', 'hour', '小时'), ['hr', 'hrs', 'hour', 'hours', '時間', '時', '小时', '小時']),
  def('day', 'time', '24', labels('日', 'day', '天'), ['d', 'days', '日', '日間', '天']),
  // calendar time: years and months are not a fixed number of hours
  def('month', 'calendarTime', '1', labels('か月', 'month', '月'), ['months', 'ヶ月', 'か月', 'カ月', '箇月', '个月']),
  def('year', 'calendarTime', '12', labels('年', 'year', '年'), ['yr', 'yrs', 'years', '年', '年間']),
  // counts
  def('pcs', 'count', '1', labels('個', 'units', '个'), ['count', 'unit', 'units', 'piece', 'pieces', 'pc', 'times', 'uses', '個', '台', '件', '本', '枚', '回', '点', '个', '件数', '次', '辆']),
  def('person', 'persons', '1', labels('人', 'persons', '人'), ['persons', 'people', 'employees', 'employee', 'passengers', 'passenger', '人', '名', '人数', '人員', '员工']),
  def('person_day', 'personDays', '1', labels('人日', 'person-days', '人日'), ['person-day', 'person-days', 'person day', 'person days', 'man-day', 'man-days', '人日', '人工', '人·日', '工日'], 'person·day'),
  def('night', 'nights', '1', labels('泊', 'nights', '晚'), ['nights', 'room-night', 'room-nights', 'room night', 'room nights', 'person-night', 'person-nights', '泊', '室泊', '人泊', '晚', '间夜']),
  // ratios
  def('ratio', 'ratio', '1', labels('比率', 'ratio', '比率'), ['fraction', '比率', '割合']),
  def('percent', 'ratio', '0.01', labels('%', 'percent', '%'), ['%', 'percent', 'パーセント', '百分比'], '%'),
  // yen and its Japanese scale words
  def('JPY', 'currency:JPY', '1', labels('円', 'yen', '日元'), ['円', 'yen', '¥', '日元', '日圆']),
  def('thousand_JPY', 'currency:JPY', '1000', labels('千円', 'thousand yen', '千日元'), ['千円', 'thousand yen', 'thousand JPY', '千日元'], '千円'),
  def('million_JPY', 'currency:JPY', '1000000', labels('百万円', 'million yen', '百万日元'), ['百万円', 'million yen', 'million JPY', '百万日元'], '百万円'),
  def('hundred_million_JPY', 'currency:JPY', '100000000', labels('億円', 'hundred million yen', '亿日元'), ['億円', 'hundred million yen', '亿日元'], '億円'),
] as const satisfies readonly UnitDef[];

/**
 * Other currencies: the product's regions and overseas countries plus the usual reporting
 * currencies. Each has a plain, a thousand and a million unit. (No '$' or '£' aliases: '$' is
 * ambiguous and ポンド is also the mass pound.)
 */
const CURRENCIES: readonly (readonly [code: string, ja: string, en: string, zhHans: string, aliases: readonly string[]])[] = [
  ['USD', '米ドル', 'US dollar', '美元', ['US$', '米ドル', 'ドル', '美元']],
  ['EUR', 'ユーロ', 'euro', '欧元', ['€', 'ユーロ', 'euro', 'euros', '欧元']],
  ['GBP', '英ポンド', 'pound sterling', '英镑', ['英ポンド', 'pound sterling', '英镑']],
  ['CNY', '人民元', 'renminbi (yuan)', '人民币', ['RMB', '人民元', '元', '人民币']],
  ['KRW', '韓国ウォン', 'Korean won', '韩元', ['ウォン', '韓国ウォン', '韩元']],
  ['INR', 'インドルピー', 'Indian rupee', '印度卢比', ['インドルピー', '印度卢比']],
  ['CAD', 'カナダドル', 'Canadian dollar', '加元', ['C$', 'カナダドル', '加元']],
  ['TWD', '台湾ドル', 'New Taiwan dollar', '新台币', ['NT$', '台湾ドル', '新台币']],
  ['HKD', '香港ドル', 'Hong Kong dollar', '港元', ['HK$', '香港ドル', '港元']],
  ['SGD', 'シンガポールドル', 'Singapore dollar', '新加坡元', ['S$', 'シンガポールドル', '新加坡元']],
  ['THB', 'タイバーツ', 'Thai baht', '泰铢', ['バーツ', 'タイバーツ', '泰铢']],
  ['IDR', 'インドネシアルピア', 'Indonesian rupiah', '印尼盾', ['ルピア', 'インドネシアルピア', '印尼盾']],
  ['MYR', 'マレーシアリンギット', 'Malaysian ringgit', '马来西亚林吉特', ['リンギット', 'マレーシアリンギット', '林吉特']],
  ['VND', 'ベトナムドン', 'Vietnamese dong', '越南盾', ['ドン', 'ベトナムドン', '越南盾']],
  ['SAR', 'サウジアラビアリヤル', 'Saudi riyal', '沙特里亚尔', ['リヤル', 'サウジリヤル', '沙特里亚尔']],
  ['AUD', '豪ドル', 'Australian dollar', '澳元', ['A$', '豪ドル', '澳元']],
  ['CHF', 'スイスフラン', 'Swiss franc', '瑞士法郎', ['スイスフラン', '瑞士法郎']],
];

function currencyUnits(): UnitDef[] {
  return CURRENCIES.flatMap(([code, ja, en, zh, aliases]) => [
    def(code, `currency:${code}`, '1', labels(ja, en, zh), aliases),
    def(`thousand_${code}`, `currency:${code}`, '1000', labels(`千${ja}`, `thousand ${en}`, `千${zh}`), [`千${code}`, `thousand ${code}`], `千${code}`),
    def(`million_${code}`, `currency:${code}`, '1000000', labels(`百万${ja}`, `million ${en}`, `百万${zh}`), [`百万${code}`, `million ${code}`], `百万${code}`),
  ]);
}

export type StaticUnitId = (typeof STATIC_UNITS)[number]['id'];
/** Currency codes with units in the catalogue (JPY plus the list above). */
export const CURRENCY_CODES: readonly string[] = ['JPY', ...CURRENCIES.map((c) => c[0])];

/** A unit id: a catalogue id (typed literally for the static ones) or a compound `a/b`. */
export type UnitId = StaticUnitId | (string & {});

export const UNITS: readonly UnitDef[] = [...STATIC_UNITS, ...currencyUnits()];
export const UNIT_BY_ID: ReadonlyMap<string, UnitDef> = new Map(UNITS.map((u) => [u.id, u]));

/** The base unit of each dimension (factor 1). */
export function baseUnitOf(dimension: Dimension): UnitDef | undefined {
  return UNITS.find((u) => u.dimension === dimension && u.factor.n === 1n && u.factor.d === 1n);
}
