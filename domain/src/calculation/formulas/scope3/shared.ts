import { labels, type Labels } from '../../i18n';
import { lineError } from '../../errors';
import type { CalculationScope } from '../../types';
import { convertNumber } from '../../units/convert';
import { parseUnit } from '../../units/parse';
import type { Rational } from '../../units/rational';
import { common, field } from '../fields';
import { defineFormula, type FormulaDefinition } from '../define';
import { addCo2e, amountOf, emissionsKg, emit, fraction, step, unitOf, warn } from '../kit';
import type { StagePolicy } from '../../engine/terms';

/** Scope 3 category names, used in formula names and docs. */
export const CATEGORY: Readonly<Record<number, Labels>> = {
  1: labels('購入した製品・サービス', 'purchased goods and services', '购买的商品和服务'),
  2: labels('資本財', 'capital goods', '资本货物'),
  3: labels('Scope1,2に含まれない燃料及びエネルギー関連活動', 'fuel- and energy-related activities', '燃料和能源相关活动'),
  4: labels('輸送、配送(上流)', 'upstream transportation and distribution', '上游运输和配送'),
  5: labels('事業から出る廃棄物', 'waste generated in operations', '运营中产生的废弃物'),
  6: labels('出張', 'business travel', '商务旅行'),
  7: labels('雇用者の通勤', 'employee commuting', '员工通勤'),
  8: labels('リース資産(上流)', 'upstream leased assets', '上游租赁资产'),
  9: labels('輸送、配送(下流)', 'downstream transportation and distribution', '下游运输和配送'),
  10: labels('販売した製品の加工', 'processing of sold products', '售出产品的加工'),
  11: labels('販売した製品の使用', 'use of sold products', '售出产品的使用'),
  12: labels('販売した製品の廃棄', 'end-of-life treatment of sold products', '售出产品的报废处理'),
  13: labels('リース資産(下流)', 'downstream leased assets', '下游租赁资产'),
  14: labels('フランチャイズ', 'franchises', '特许经营'),
  15: labels('投資', 'investments', '投资'),
};

const CURRENCY = 'currency:';

/**
 * Spend-based method: amount × emission intensity per currency unit. Spend in another currency is
 * converted to yen with the company's rate for the line's fiscal year (rate 100 when none is
 * set, flagged with a warning); a factor per another currency (e.g. per USD) gets the spend
 * converted through yen into its currency. 千円, 百万円, thousand USD … convert exactly first.
 */
export function spendFormula(o: { id: string; scope: CalculationScope; item?: Labels }): FormulaDefinition {
  return defineFormula({
    id: o.id,
    scope: o.scope,
    name: labels('金額ベース', 'spend-based', '基于金额'),
    description: labels(
      'CO2排出量 = Σ 金額(円換算) × 排出原単位(金額当たり)',
      'CO2 emissions = Σ amount spent (converted to yen) × emission intensity per currency unit',
      'CO2排放量 = Σ 金额（折算为日元） × 单位金额排放原单位',
    ),
    expression: 'E [kg] = Σ spend [cur] × rate(FY, cur) [JPY/cur] × EF [kg/JPY]   (rate = 100 when missing)',
    fields: [
      common.name(o.item ?? labels('品目', 'item', '品目')),
      common.client(),
      common.system(),
      common.deal(),
      common.spend(),
      common.intensity('emissionIntensity', labels('排出原単位(金額当たり)', 'emission intensity per currency unit', '单位金额排放原单位')),
    ],
    compile: (env) => {
      const currencies = new Map<string, { code: string; toBase: Rational; one: boolean }>();
      const currencyOf = (unitText: string) => {
        let c = currencies.get(unitText);
        if (!c) {
          const parsed = parseUnit(unitText);
          if (!parsed.ok) return lineError(parsed.error, 'spend', unitText);
          const dim = parsed.value.dimension;
          if (!dim.startsWith(CURRENCY) || dim.includes('/')) return lineError('unit_mismatch', 'spend', `${unitText} is not a currency`);
          const f = parsed.value.factor;
          currencies.set(unitText, (c = { code: dim.slice(CURRENCY.length), toBase: f, one: f.n === 1n && f.d === 1n }));
        }
        return c;
      };
      return (inputs, r) => {
        const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
        const dim = f.denominator.dimension;
        if (!dim.startsWith(CURRENCY)) lineError('unit_mismatch', 'emissionIntensity', `a spend-based factor is per currency, not per ${f.denominator.symbol}`);
        const factorCode = dim.slice(CURRENCY.length);
        const raw = amountOf(inputs, 'spend');
        const c = currencyOf(unitOf(inputs, 'spend') ?? 'JPY');
        const amount = c.one ? raw : convertNumber(raw, c.toBase);
        if (c.code === factorCode) return void emit(env, r, f, amount, c.code, 'direct', 'spend');
        const from = env.rate(r.fiscalYear, c.code);
        if (from.warnings.length > 0) warn(r, from.warnings);
        const yen = amount * from.rate;
        step(r, 'spend in yen', `${amount} ${c.code} × ${from.rate} JPY/${c.code}`, yen, 'JPY');
        if (factorCode === 'JPY') return void emit(env, r, f, yen, 'JPY', 'direct', 'spend');
        const to = env.rate(r.fiscalYear, factorCode);
        if (to.warnings.length > 0) warn(r, to.warnings);
        step(r, `spend in ${factorCode}`, `${yen} JPY ÷ ${to.rate} JPY/${factorCode}`, yen / to.rate, factorCode);
        emit(env, r, f, yen / to.rate, factorCode, 'direct', 'spend');
      };
    },
  });
}

/** Activity-based method: Σ activity amount × emission intensity (physical units, supplier or DB factor). */
export function activityFormula(o: {
  id: string;
  scope: CalculationScope;
  name?: Labels;
  description?: Labels;
  item?: Labels;
  activity: Labels;
  intensity?: Labels;
  policy?: StagePolicy;
  transport?: boolean;
}): FormulaDefinition {
  const policy = o.policy ?? 'direct';
  return defineFormula({
    id: o.id,
    scope: o.scope,
    ...(o.transport ? { transport: true } : {}),
    name: o.name ?? labels('物量ベース', 'activity-based', '基于活动量'),
    description:
      o.description ??
      labels(
        `CO2排出量 = Σ ${o.activity.ja} × 排出原単位`,
        `CO2 emissions = Σ ${o.activity.en} × emission intensity`,
        `CO2排放量 = Σ ${o.activity.zhHans} × 排放原单位`,
      ),
    expression: 'E [kg] = Σ activity [u] × EF [kg/u]',
    fields: [
      common.name(o.item ?? labels('品目', 'item', '品目')),
      common.client(),
      common.system(),
      common.deal(),
      common.activity(o.activity),
      common.intensity('emissionIntensity', o.intensity ?? labels('排出原単位', 'emission intensity', '排放原单位')),
    ],
    compile: (env) => (inputs, r) => {
      const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
      emit(env, r, f, amountOf(inputs, 'amount'), unitOf(inputs, 'amount'), policy, 'amount');
    },
  });
}

/**
 * Supplier-specific method: emissions the supplier (or investee, franchisee, customer) reports for
 * the goods or services bought × the share attributable to the company (contribution rate).
 * Reported totals are CO2e and stay unsplit by gas.
 */
export function reportedEmissionsFormula(o: {
  id: string;
  scope: CalculationScope;
  name?: Labels;
  description?: Labels;
  emissions?: Labels;
  share?: Labels;
}): FormulaDefinition {
  return defineFormula({
    id: o.id,
    scope: o.scope,
    name: o.name ?? labels('サプライヤー固有', 'supplier-specific', '供应商特定'),
    description:
      o.description ??
      labels(
        'CO2排出量 = Σ サプライヤーの排出量 × 寄与率',
        'CO2 emissions = Σ supplier’s reported emissions × contribution rate',
        'CO2排放量 = Σ 供应商排放量 × 贡献率',
      ),
    expression: 'E [kg-CO2e] = Σ reported [kg-CO2e] × share',
    fields: [
      common.client(),
      common.emissions('reportedEmissions', o.emissions ?? labels('サプライヤーの排出量', 'supplier’s reported emissions', '供应商排放量')),
      common.percentage('share', o.share ?? labels('寄与率', 'contribution rate', '贡献率')),
    ],
    compile: () => (inputs, r) => {
      const reported = emissionsKg(inputs, 'reportedEmissions');
      const share = fraction(inputs, 'share');
      addCo2e(r, reported * share);
      step(r, 'attributed emissions', `${reported} kg-CO2e × ${share}`, reported * share, 'kg-CO2e');
    },
  });
}

/** Leased assets (categories 8 and 13): energy used in the assets by type, or floor area × intensity. */
export function leasedAssetFormulas(scope: '38' | '313', prefix: string): FormulaDefinition[] {
  return [
    activityFormula({
      id: `${prefix}.energy`,
      scope,
      name: labels('エネルギー使用量ベース', 'energy-based', '基于能源使用量'),
      item: labels('エネルギーの種類', 'energy type', '能源种类'),
      activity: labels('リース資産のエネルギー種別使用量', 'energy consumed in the leased assets, by type', '租赁资产分类能源使用量'),
    }),
    defineFormula({
      id: `${prefix}.floor-area`,
      scope,
      name: labels('床面積ベース', 'floor-area-based', '基于建筑面积'),
      description: labels(
        'CO2排出量 = Σ リース建物の床面積 × 床面積当たり排出原単位',
        'CO2 emissions = Σ floor area of leased buildings × emission intensity per floor area',
        'CO2排放量 = Σ 租赁建筑面积 × 单位面积排放原单位',
      ),
      expression: 'E [kg] = Σ area [m²] × EF [kg/m²]',
      fields: [
        field('building', 'STRING', labels('建物名', 'building', '建筑名称'), { dealMapping: 'item' }),
        common.activity(labels('床面積', 'leased floor area', '建筑面积'), 'floorArea'),
        common.intensity('emissionIntensity', labels('床面積当たり排出原単位', 'emission intensity per floor area', '单位面积排放原单位')),
      ],
      compile: (env) => (inputs, r) => {
        const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
        emit(env, r, f, amountOf(inputs, 'floorArea'), unitOf(inputs, 'floorArea'), 'direct', 'floorArea');
      },
    }),
  ];
}
