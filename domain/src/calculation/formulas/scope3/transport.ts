import { labels } from '../../i18n';
import { lineError } from '../../errors';
import type { Env } from '../../engine/env';
import type { CalculationSuccess } from '../../types';
import { common, field } from '../fields';
import { defineFormula, type FormulaDefinition, type Inputs } from '../define';
import { amountOf, emit, fraction, has, multiplyDecimals, option, quantityIn, step, u, unitOf, used } from '../kit';

const KM = u('km');
const T = u('t');
const KG = u('kg');
const KM_PER_L = u('km/L');
const TKM = u('tkm');

/** ISO 14083 distance adjustments (when only the great-circle or shortest feasible distance is known). */
export const DISTANCE_ADJUSTMENTS = ['none', 'air', 'road', 'sea'] as const;
export const TRUCK_FUELS = ['diesel', 'gasoline'] as const;
const DEFAULT_REGRESSION = { diesel: 'jp-meti-logistics:improvedTonKm.diesel', gasoline: 'jp-meti-logistics:improvedTonKm.gasoline' } as const;

/** Distance in km after the ISO 14083 adjustment (air: GCD + 95 km; road × 1.05; sea × 1.15). */
function distanceKm(env: Env, inputs: Inputs, r: CalculationSuccess): number {
  const d = quantityIn(inputs, 'distance', KM);
  const mode = option(inputs, 'distanceAdjustment', DISTANCE_ADJUSTMENTS, 'none');
  if (mode === 'none') return d;
  const c = env.coefficients(`iso-14083:distance.${mode}`, 'distanceAdjustment');
  used(env, r, c);
  const adjusted = d * c.coefficients.factor! + c.coefficients.addKm!;
  step(r, 'adjusted distance', `${d} km × ${c.coefficients.factor} + ${c.coefficients.addKm} km`, adjusted, 'km');
  return adjusted;
}

/**
 * t·km from `freight` (in its own unit, or t·km for a plain number), or cargo weight × (adjusted)
 * distance. The product of two entered decimals is exact: 87 kg over 423 km is 36.801 t·km.
 */
function freightTkm(env: Env, inputs: Inputs, r: CalculationSuccess): number {
  if (has(inputs, 'freight')) return quantityIn(inputs, 'freight', TKM);
  const tkm = multiplyDecimals(cargoTonnes(env, inputs, r), distanceKm(env, inputs, r));
  step(r, 't·km', 'weight [t] × distance [km]', tkm, 't·km');
  return tkm;
}

/** ISO 14083 default masses for cargo counted in units: TEU (10 t; light 6 t, heavy 14.5 t), pallets (300 kg), passengers (100 kg). */
export const CARGO_UNIT_TYPES = ['teu', 'teu.light', 'teu.heavy', 'pallet', 'passenger'] as const;

/** Cargo mass in t: entered, or a count of TEU/pallets/passengers × the ISO 14083 default mass. */
function cargoTonnes(env: Env, inputs: Inputs, r: CalculationSuccess): number {
  if (has(inputs, 'weight') || !has(inputs, 'cargoUnits')) return quantityIn(inputs, 'weight', T);
  const type = option(inputs, 'cargoUnitType', CARGO_UNIT_TYPES);
  const perUnit = env.quantity(`iso-14083:mass.${type}`, 'cargoUnitType', T, undefined);
  used(env, r, perUnit);
  const tonnes = multiplyDecimals(quantityIn(inputs, 'cargoUnits', perUnit.per), perUnit.value);
  step(r, 'cargo mass', `units × ${perUnit.value} t (ISO 14083 default)`, tonnes, 't');
  return tonnes;
}

/** Adds fuel (in L or the factor's unit) × TTW factor, and × WTT factor when given. */
function emitFuel(env: Env, inputs: Inputs, r: CalculationSuccess, litres: number, unitText: string | undefined): void {
  emit(env, r, env.emission(inputs.fuelIntensity, 'fuelIntensity'), litres, unitText, 'lifecycle', 'fuelIntensity', 'fuel × TTW factor');
  if (has(inputs, 'wttIntensity')) {
    emit(env, r, env.emission(inputs.wttIntensity, 'wttIntensity'), litres, unitText, 'lifecycle', 'wttIntensity', 'fuel × WTT factor');
  }
}

const freightFields = () => [
  field('freight', 'NUMBER', labels('輸送トンキロ', 'freight (tonne-km)', '运输吨公里'), { unit: 'tkm', required: false }),
  field('weight', 'NUMBER', labels('貨物重量', 'cargo weight', '货物重量'), { unit: 't', required: false }),
  field('cargoUnits', 'NUMBER', labels('貨物の個数(TEU・パレット・旅客)', 'cargo units (TEU, pallets, passengers)', '货物件数（TEU・托盘・旅客）'), { unit: 'pcs', required: false }),
  field('cargoUnitType', 'STRING', labels('貨物単位の種類', 'cargo unit type', '货物单位类型'), { options: CARGO_UNIT_TYPES, required: false }),
  field('distance', 'NUMBER', labels('輸送距離', 'transport distance', '运输距离'), { unit: 'km', required: false }),
  field('distanceAdjustment', 'STRING', labels('距離補正(ISO 14083)', 'distance adjustment (ISO 14083)', '距离修正（ISO 14083）'), {
    options: DISTANCE_ADJUSTMENTS,
    default: 'none',
    required: false,
  }),
];

const fuelFields = () => [
  common.intensity('fuelIntensity', labels('燃料の排出係数(TTW)', 'fuel emission factor (TTW)', '燃料排放系数（TTW）')),
  common.intensity('wttIntensity', labels('燃料の上流排出係数(WTT)', 'fuel upstream factor (WTT)', '燃料上游排放系数（WTT）'), false),
];

/**
 * The four logistics methods of the Japanese guideline and ISO 14083, for category 4 (upstream) and
 * category 9 (downstream) alike. Results carry WTT, TTW and WTW.
 */
export function transportFormulas(scope: '34' | '39', prefix: 's3.4' | 's3.9'): FormulaDefinition[] {
  const cargo = field('cargo', 'STRING', labels('輸送品目', 'goods transported', '运输品目'), { dealMapping: 'item' });
  return [
    defineFormula({
      id: `${prefix}.tonkm`,
      scope,
      transport: true,
      name: labels('トンキロ法', 'ton-km method', '吨公里法'),
      description: labels(
        'CO2排出量 = Σ 輸送トンキロ(貨物重量 × 輸送距離) × トンキロ当たり排出原単位',
        'CO2 emissions = Σ tonne-km (cargo weight × distance) × emission intensity per tonne-km',
        'CO2排放量 = Σ 运输吨公里（货物重量 × 运输距离） × 单位吨公里排放原单位',
      ),
      expression: 't·km = weight [t] × d [km] (or entered);  WTT, TTW = t·km × EF_stage [kg-CO2e/t·km];  WTW = WTT + TTW',
      fields: [cargo, common.client(), ...freightFields(), common.intensity('emissionIntensity', labels('トンキロ当たり排出原単位', 'emission intensity per tonne-km', '单位吨公里排放原单位'))],
      compile: (env) => (inputs, r) => {
        const f = env.emission(inputs.emissionIntensity, 'emissionIntensity');
        if (has(inputs, 'freight')) return void emit(env, r, f, amountOf(inputs, 'freight'), unitOf(inputs, 'freight'), 'lifecycle', 'freight');
        emit(env, r, f, freightTkm(env, inputs, r), 'tkm', 'lifecycle', 'freight');
      },
    }),
    defineFormula({
      id: `${prefix}.improved-tonkm`,
      scope,
      transport: true,
      name: labels('改良トンキロ法', 'improved ton-km method', '改良吨公里法'),
      description: labels(
        'CO2排出量 = Σ 輸送トンキロ × 燃料使用原単位(ln y = a − b·ln(積載率/100) − c·ln 最大積載量) × 燃料の排出係数',
        'CO2 emissions = Σ tonne-km × fuel per tonne-km (ln y = a − b·ln(load rate/100) − c·ln max payload) × fuel emission factor',
        'CO2排放量 = Σ 运输吨公里 × 单位吨公里燃料消耗（ln y = a − b·ln(装载率/100) − c·ln 最大载重） × 燃料排放系数',
      ),
      expression: 'ln y = a − b·ln(x/100) − c·ln z;  fuel [L] = t·km × y [L/t·km];  TTW = fuel × EF;  WTT = fuel × EF_WTT',
      fields: [
        cargo,
        common.client(),
        field('fuelType', 'STRING', labels('燃料の種類', 'fuel', '燃料种类'), { options: TRUCK_FUELS }),
        ...freightFields(),
        common.percentage('loadRate', labels('積載率', 'load rate', '装载率')),
        common.number('maxPayload', labels('最大積載量', 'maximum payload', '最大载重量'), 'kg'),
        ...fuelFields(),
        field('method', 'STRING', labels('燃料使用原単位の算定式', 'fuel-per-ton-km regression', '燃料消耗原单位算式'), { required: false, default: 'jp-meti-logistics:improvedTonKm.<fuelType>' }),
        common.computed('fuelPerTonKm', labels('燃料使用原単位(計算値)', 'fuel per ton-km (calculated)', '单位吨公里燃料消耗（计算值）')),
      ],
      compile: (env) => (inputs, r) => {
        const fuel = option(inputs, 'fuelType', TRUCK_FUELS);
        const ref = typeof inputs.method === 'string' && inputs.method !== '' ? inputs.method : DEFAULT_REGRESSION[fuel];
        const c = env.coefficients(ref, 'method');
        const x = fraction(inputs, 'loadRate');
        const z = quantityIn(inputs, 'maxPayload', KG);
        if (!(x > 0)) lineError('out_of_domain', 'loadRate', 'ln(0): load rate must be > 0');
        if (!(z > 0)) lineError('out_of_domain', 'maxPayload', 'maximum payload must be > 0');
        const { a, b, c: cz } = c.coefficients as { a: number; b: number; c: number };
        const y = Math.exp(a - b * Math.log(x) - cz * Math.log(z));
        used(env, r, c);
        const tkm = freightTkm(env, inputs, r);
        step(r, 'fuelPerTonKm', `exp(${a} − ${b}·ln(${x}) − ${cz}·ln(${z}))`, y, 'L/t·km');
        step(r, 'fuel', `${tkm} t·km × ${y} L/t·km`, tkm * y, 'L');
        emitFuel(env, inputs, r, tkm * y, 'L');
      },
    }),
    defineFormula({
      id: `${prefix}.hub`,
      scope,
      transport: true,
      name: labels('拠点(倉庫・ターミナル)', 'hub operations (warehouse, terminal)', '枢纽作业（仓库・码头）'),
      description: labels(
        'CO2排出量 = Σ 拠点の出荷重量 × 拠点の排出原単位',
        'CO2 emissions = Σ outbound tonnes of the hub × hub emission intensity',
        'CO2排放量 = Σ 枢纽出库吨数 × 枢纽排放原单位',
      ),
      expression: 'E [kg-CO2e] = outbound [t] × EF_hub [kg-CO2e/t]   (ISO 14083: hub activity is the outbound tonnes)',
      fields: [
        field('hub', 'STRING', labels('拠点の種類', 'hub type', '枢纽类型'), { dealMapping: 'item' }),
        common.activity(labels('出荷重量', 'outbound tonnes', '出库吨数'), 'outbound'),
        common.intensity('emissionIntensity', labels('拠点の排出原単位', 'hub emission intensity', '枢纽排放原单位')),
      ],
      compile: (env) => (inputs, r) => {
        emit(env, r, env.emission(inputs.emissionIntensity, 'emissionIntensity'), amountOf(inputs, 'outbound'), unitOf(inputs, 'outbound'), 'lifecycle', 'outbound');
      },
    }),
    defineFormula({
      id: `${prefix}.fuel`,
      scope,
      transport: true,
      name: labels('燃料法', 'fuel method', '燃料法'),
      description: labels(
        'CO2排出量 = Σ 燃料使用量 × 燃料の排出係数',
        'CO2 emissions = Σ fuel used × fuel emission factor',
        'CO2排放量 = Σ 燃料使用量 × 燃料排放系数',
      ),
      expression: 'TTW = fuel [u] × EF [kg/u];  WTT = fuel × EF_WTT;  WTW = WTT + TTW',
      fields: [cargo, common.client(), common.activity(labels('燃料使用量', 'fuel used', '燃料使用量'), 'fuelAmount'), ...fuelFields()],
      compile: (env) => (inputs, r) => {
        emitFuel(env, inputs, r, amountOf(inputs, 'fuelAmount'), unitOf(inputs, 'fuelAmount'));
      },
    }),
    defineFormula({
      id: `${prefix}.fuel-economy`,
      scope,
      transport: true,
      name: labels('燃費法', 'fuel-economy method', '燃油经济性法'),
      description: labels(
        'CO2排出量 = Σ 輸送距離 ÷ 燃費 × 燃料の排出係数',
        'CO2 emissions = Σ distance ÷ fuel economy × fuel emission factor',
        'CO2排放量 = Σ 运输距离 ÷ 燃油经济性 × 燃料排放系数',
      ),
      expression: 'fuel [L] = d [km] ÷ FE [km/L];  TTW = fuel × EF [kg/L];  WTT = fuel × EF_WTT',
      fields: [
        cargo,
        common.client(),
        common.number('distance', labels('輸送距離', 'distance driven', '行驶距离'), 'km'),
        common.number('fuelEconomy', labels('燃費', 'fuel economy', '燃油经济性'), 'km/L'),
        ...fuelFields(),
      ],
      compile: (env) => (inputs, r) => {
        const d = quantityIn(inputs, 'distance', KM);
        const fe = quantityIn(inputs, 'fuelEconomy', KM_PER_L);
        if (!(fe > 0)) lineError('out_of_domain', 'fuelEconomy', 'fuel economy must be > 0');
        step(r, 'fuel', `${d} km ÷ ${fe} km/L`, d / fe, 'L');
        emitFuel(env, inputs, r, d / fe, 'L');
      },
    }),
  ];
}

