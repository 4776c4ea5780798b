import { randomUUID } from 'node:crypto';
import type { EventMetadata, EventStore, JsonValue, ScopeSettingCategory } from '@ghg/events';
import { importRulesDecider, importRuleStreamId, type ImportRuleData, type SectionFacts } from '@ghg/domain';
import { executeEntityCommand } from '@ghg/command-api';

/**
 * Import rules for the first demo company, so that the sample files in docs/samples import as
 * they are: energy by energy type (SHK factors), purchases and services spend-based by account
 * code, water included (illustrative factors, labelled so), warehouse shipments as hub operations, shipments of
 * the legacy logistics system by ton-km per mode (DESNZ 2025), imports of goods spend-based in
 * their invoice currency (the fiscal year's rate), exports and goods received excluded on purpose.
 */

type Rule = Omit<ImportRuleData, 'ruleId' | 'sectionId' | 'action' | 'scopeCategory' | 'formulaId' | 'detail'> & {
  action?: 'record' | 'exclude';
  target?: { scopeCategory: ScopeSettingCategory; formulaId: string; detail: Record<string, JsonValue> };
  /** The section of records without a department, by name. */
  section: string;
};

const illustrative = (value: number, unit: string, label: string) => ({ value, unit, label: `${label}(例示値)` });
const spend = (scopeCategory: ScopeSettingCategory, formulaId: string, perMillionYen: number, label: string) => ({
  scopeCategory,
  formulaId,
  detail: { emissionIntensity: illustrative(perMillionYen, 't-CO2e/百万円', label) },
});
/**
 * City gas from the library's SHK 2024 table. Liquid fuels are only in its SHK table of 2006, whose
 * validity ends before the years imported: their values (2.58 and 2.32 kg-CO2/L) are named on the rule.
 */
const fuel = (name: string, factor: string | { value: number; unit: string; label: string }) => ({ scopeCategory: '1' as const, formulaId: 's1.fuel', detail: { fuel: name, emissionIntensity: factor } });
const shk2006 = (value: number) => ({ value, unit: 'kg-CO2/L', label: '算定省令(2006) 排出係数' });
const tonKm = (key: string) => ({ scopeCategory: '34' as const, formulaId: 's3.4.tonkm', detail: { emissionIntensity: `uk-desnz:freight.${key}` } });

export const DEMO_IMPORT_RULES: readonly Rule[] = [
  { name: '倉庫: 入庫(仕入先の輸送)は対象外', priority: 5, conditions: [{ field: 'contents', value: '入庫' }], action: 'exclude', countFrom: 'none', section: '第一工場' },
  { name: '倉庫: 出庫(拠点の出荷重量)', priority: 6, conditions: [{ field: 'contents', value: '出庫' }], target: { scopeCategory: '34', formulaId: 's3.4.hub', detail: { emissionIntensity: illustrative(1.4, 'kg-CO2e/t', '倉庫 常温') } }, countFrom: 'weight', section: '第一工場' },
  { name: '輸出(売上)は対象外', priority: 7, conditions: [{ field: 'contents', value: '輸出' }], action: 'exclude', countFrom: 'none', section: '第一工場' },
  { name: '輸入品の購入(インボイス通貨)', priority: 8, conditions: [{ field: 'contents', value: '輸入' }], target: spend('31', 's3.1.spend', 2.8, '輸入品 産業連関表ベース'), countFrom: 'none', section: '第一工場' },
  { name: '軽油', priority: 10, conditions: [{ field: 'energyType', value: '軽油' }], target: fuel('軽油', shk2006(2.58)), countFrom: 'volume', section: '第一工場' },
  { name: 'ガソリン', priority: 11, conditions: [{ field: 'energyType', value: 'ガソリン' }], target: fuel('ガソリン', shk2006(2.32)), countFrom: 'volume', section: '総務部' },
  { name: '都市ガス', priority: 12, conditions: [{ field: 'energyType', value: '都市ガス' }], target: fuel('都市ガス', 'jp-shk:fuel.cityGas'), countFrom: 'volume', section: '第一工場' },
  {
    name: '電力(全国平均係数)',
    priority: 13,
    conditions: [{ field: 'energyType', value: '電力' }],
    target: { scopeCategory: '2', formulaId: 's2.location', detail: { energyType: '電気', emissionIntensity: illustrative(0.434, 'kg-CO2/kWh', '全国平均係数') } },
    countFrom: 'volume',
    section: '第一工場',
  },
  // Supply only (the purchase record has no treated volume): a purchased good, spend-based.
  { name: '工業用水', priority: 14, conditions: [{ field: 'productCode', value: 'E-WTR' }], target: spend('31', 's3.1.spend', 1.1, '水道 産業連関表ベース'), countFrom: 'none', section: '第一工場' },
  { name: '原材料費', priority: 20, conditions: [{ field: 'accountCode', value: '1310' }], target: spend('31', 's3.1.spend', 3.2, '鋼材 産業連関表ベース'), countFrom: 'none', section: '第一工場' },
  { name: '資材費', priority: 21, conditions: [{ field: 'accountCode', value: '1320' }], target: spend('31', 's3.1.spend', 2.4, '紙製品 産業連関表ベース'), countFrom: 'none', section: '第一工場' },
  { name: '事務用品費', priority: 22, conditions: [{ field: 'accountCode', value: '5510' }], target: spend('31', 's3.1.spend', 1.9, '事務用品 産業連関表ベース'), countFrom: 'none', section: '総務部' },
  { name: '運賃', priority: 23, conditions: [{ field: 'accountCode', value: '5210' }], target: spend('34', 's3.4.spend', 2.9, '道路貨物輸送 産業連関表ベース'), countFrom: 'none', section: '第一工場' },
  { name: '旅費交通費', priority: 24, conditions: [{ field: 'accountCode', value: '5310' }], target: spend('36', 's3.6.spend', 2.0, '旅客輸送 産業連関表ベース'), countFrom: 'none', section: '総務部' },
  {
    name: '廃棄物処理費(埋立)',
    priority: 25,
    conditions: [{ field: 'accountCode', value: '5410' }],
    target: { scopeCategory: '35', formulaId: 's3.5.waste', detail: { emissionIntensity: 'uk-desnz:waste.commercialIndustrial.landfill' } },
    countFrom: 'volume',
    section: '第一工場',
  },
  { name: '輸送: トラック', priority: 30, conditions: [{ field: 'transportMethod', value: 'トラック' }], target: tonKm('hgv.allDiesel.averageLaden'), countFrom: 'none', section: '第一工場' },
  { name: '輸送: 鉄道', priority: 31, conditions: [{ field: 'transportMethod', value: '鉄道' }], target: tonKm('rail'), countFrom: 'none', section: '第一工場' },
  { name: '輸送: 船舶', priority: 32, conditions: [{ field: 'transportMethod', value: '船舶' }], target: tonKm('containerShip.average'), countFrom: 'none', section: '第一工場' },
  { name: '輸送: 航空', priority: 33, conditions: [{ field: 'transportMethod', value: '航空' }], target: tonKm('air.shortHaul.withRF'), countFrom: 'none', section: '第一工場' },
];

/** Writes the demo rules through the rules decider, as the API would. */
export async function seedDemoImportRules(eventStore: EventStore, companyId: string, sectionIds: ReadonlyMap<string, string>, meta: EventMetadata): Promise<void> {
  const sections: SectionFacts = { sectionIds: [...sectionIds.values()], permittedSectionIds: null };
  for (const rule of DEMO_IMPORT_RULES) {
    const ruleId = randomUUID();
    const { target, section, action, ...rest } = rule;
    const sectionId = sectionIds.get(section);
    if (!sectionId) throw new Error(`demo import rule ${rule.name}: no section ${section}`);
    await executeEntityCommand({ eventStore }, importRuleStreamId(companyId, ruleId), { decider: importRulesDecider }, {
      type: 'SaveImportRule',
      companyId,
      ruleId,
      ...rest,
      action: action ?? 'record',
      scopeCategory: target?.scopeCategory ?? null,
      formulaId: target?.formulaId ?? null,
      detail: target?.detail ?? {},
      sectionId,
      sections,
    }, meta);
  }
}
