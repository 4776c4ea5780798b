import { labels, type Labels } from '../i18n';

/**
 * The input field types, spelled exactly as on the wire — including EMISSSION_INTENSITY
 * with three S, which existing scope settings store and which must therefore stay as it is.
 */
export const FIELD_TYPES = [
  'STRING',
  'NUMBER',
  'SYSTEM',
  'EMISSSION_INTENSITY',
  'GWP',
  'TRAVEL_TYPE',
  'DISABLED',
  'WORKING_FORM',
  'CITY_GROUP',
  'GHGType',
  'INVESTMENT_TYPE',
  'PERCENTAGE',
  'CO2_EMISSION',
  'DEAL',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Options of the enumerated field types (wire values; labels below). */
export const TRAVEL_TYPES = ['domesticDayTrip', 'domesticStay', 'overseas'] as const;
export const WORKING_FORMS = ['office', 'telework'] as const;
export const CITY_GROUPS = ['metropolitan', 'regionalCity', 'other'] as const;
export const INVESTMENT_TYPES = ['equity', 'debt', 'project'] as const;

export const OPTION_LABELS: Readonly<Record<string, Labels>> = {
  domesticDayTrip: labels('国内日帰り', 'domestic day trip', '国内当日往返'),
  domesticStay: labels('国内宿泊', 'domestic with overnight stay', '国内住宿'),
  overseas: labels('海外', 'overseas', '海外'),
  office: labels('出社', 'office attendance', '到岗办公'),
  telework: labels('テレワーク', 'telework', '远程办公'),
  metropolitan: labels('大都市', 'metropolitan area', '大城市'),
  regionalCity: labels('中核都市', 'regional core city', '中心城市'),
  other: labels('その他の地域', 'other areas', '其他地区'),
  equity: labels('株式投資', 'equity investment', '股权投资'),
  debt: labels('債券投資(負債)', 'debt investment', '债权投资'),
  project: labels('プロジェクトファイナンス', 'project finance', '项目融资'),
};

export interface FieldDef {
  /** Key of the value in `ActivityLine.inputs`. */
  readonly key: string;
  readonly type: FieldType;
  readonly label: Labels;
  readonly required: boolean;
  /**
   * NUMBER, CO2_EMISSION: the unit a plain number is read in (values with units are converted
   * exactly). 'factor': the unit of the factor the line uses. PERCENTAGE: always '%'.
   */
  readonly unit?: string;
  /** What the quantity counts, as shown next to the amount (its "quantity label"). */
  readonly quantityLabel?: Labels;
  /** Deal mapping: which deal attribute can fill the field. */
  readonly dealMapping?: 'item' | 'client' | 'count' | 'amount';
  readonly options?: readonly string[];
  /** Used when the input is absent. */
  readonly default?: number | string;
}

type Extra = Omit<FieldDef, 'key' | 'type' | 'label' | 'required'> & { required?: boolean };

export const field = (key: string, type: FieldType, label: Labels, extra: Extra = {}): FieldDef => ({
  key,
  type,
  label,
  required: extra.required ?? (type !== 'STRING' && type !== 'SYSTEM' && type !== 'DEAL' && type !== 'DISABLED'),
  ...extra,
});

/** Fields that recur across formulas, so their labels and units are the same everywhere. */
export const common = {
  name: (label = labels('名称', 'name', '名称')) => field('name', 'STRING', label, { dealMapping: 'item' }),
  client: () => field('client', 'STRING', labels('取引先', 'client / supplier', '交易方'), { dealMapping: 'client' }),
  system: () => field('system', 'SYSTEM', labels('連携元システム', 'source system', '来源系统')),
  deal: () => field('deal', 'DEAL', labels('取引データ', 'linked deal', '交易数据')),
  intensity: (key = 'emissionIntensity', label = labels('排出原単位', 'emission intensity', '排放原单位'), required = true) =>
    field(key, 'EMISSSION_INTENSITY', label, { required }),
  activity: (label: Labels, key = 'amount', quantityLabel?: Labels) =>
    field(key, 'NUMBER', label, { unit: 'factor', dealMapping: 'count', ...(quantityLabel ? { quantityLabel } : {}) }),
  number: (key: string, label: Labels, unit: string, extra: Extra = {}) => field(key, 'NUMBER', label, { unit, ...extra }),
  percentage: (key: string, label: Labels, extra: Extra = {}) => field(key, 'PERCENTAGE', label, { unit: '%', ...extra }),
  spend: (label = labels('金額', 'amount spent', '金额')) => field('spend', 'NUMBER', label, { unit: 'JPY', dealMapping: 'amount' }),
  emissions: (key: string, label: Labels) => field(key, 'CO2_EMISSION', label, { unit: 'kg-CO2e' }),
  computed: (key: string, label: Labels) => field(key, 'DISABLED', label, { required: false }),
};
