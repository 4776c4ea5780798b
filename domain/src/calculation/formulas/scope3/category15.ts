import { labels } from '../../i18n';
import { lineError } from '../../errors';
import { common, field, INVESTMENT_TYPES } from '../fields';
import { defineFormula } from '../define';
import { addCo2e, emissionsKg, fraction, has, option, quantityIn, step } from '../kit';
import { parseUnit } from '../../units/parse';
import { spendFormula } from './shared';

/**
 * Category 15, investments (PCAF-style attribution). Equity: investee's Scope 1+2 × equity holding
 * ratio. Debt: × the bond investment's share of the investee's total capital. Project finance: ×
 * the project investment ratio. A share may also be computed as investment ÷ investee total
 * capital (both in one currency).
 */
export const category15 = [
  defineFormula({
    id: 's3.15.investment',
    scope: '315',
    name: labels('投資先の排出量 × 投資比率', 'investee emissions × share', '被投资方排放量 × 投资比例'),
    description: labels(
      'CO2排出量 = Σ 投資先のScope1,2排出量 × 株式保有比率(株式) | 投資先の総資本に占める債券投資の割合(債券) | プロジェクト投資比率(プロジェクト)',
      'CO2 emissions = Σ investee Scope 1 and 2 emissions × equity holding ratio (equity) | bond investment share of the investee’s total capital (debt) | project investment ratio (project)',
      'CO2排放量 = Σ 被投资方范围1、2排放量 × 持股比例（股权） | 债券投资占被投资方总资本比例（债权） | 项目投资比例（项目）',
    ),
    expression: 'E [kg-CO2e] = investee S1+S2 [kg-CO2e] × share(type);  share = ratio, or investment ÷ total capital',
    fields: [
      field('investee', 'STRING', labels('投資先', 'investee', '被投资方'), { dealMapping: 'client' }),
      field('investmentType', 'INVESTMENT_TYPE', labels('投資の種類', 'investment type', '投资类型'), { options: INVESTMENT_TYPES }),
      common.emissions('investeeEmissions', labels('投資先のScope1,2排出量', 'investee Scope 1 and 2 emissions', '被投资方范围1、2排放量')),
      common.percentage('equityShare', labels('株式保有比率', 'equity holding ratio', '持股比例'), { required: false }),
      common.percentage('debtShare', labels('投資先の総資本に占める債券投資の割合', 'bond investment share of the investee’s total capital', '债券投资占被投资方总资本比例'), { required: false }),
      common.percentage('projectShare', labels('プロジェクト投資比率', 'project investment ratio', '项目投资比例'), { required: false }),
      field('investmentAmount', 'NUMBER', labels('投資額', 'investment amount', '投资额'), { unit: 'JPY', required: false, dealMapping: 'amount' }),
      field('investeeTotalCapital', 'NUMBER', labels('投資先の総資本', 'investee total capital', '被投资方总资本'), { unit: 'JPY', required: false }),
    ],
    compile: () => (inputs, r) => {
      const type = option(inputs, 'investmentType', INVESTMENT_TYPES);
      const shareKey = type === 'equity' ? 'equityShare' : type === 'debt' ? 'debtShare' : 'projectShare';
      let share: number;
      if (has(inputs, shareKey)) share = fraction(inputs, shareKey);
      else {
        if (!has(inputs, 'investmentAmount')) return void lineError('missing_input', shareKey);
        const capitalRaw = inputs.investeeTotalCapital;
        const capitalUnit = typeof capitalRaw === 'object' && capitalRaw !== null && 'unit' in capitalRaw ? parseUnit(String(capitalRaw.unit)) : parseUnit('JPY');
        if (!capitalUnit.ok) return void lineError(capitalUnit.error, 'investeeTotalCapital');
        const capital = quantityIn(inputs, 'investeeTotalCapital', capitalUnit.value);
        const amount = quantityIn(inputs, 'investmentAmount', capitalUnit.value);
        if (!(capital > 0)) return void lineError('out_of_domain', 'investeeTotalCapital', 'total capital must be > 0');
        share = amount / capital;
        if (!(share >= 0 && share <= 1)) return void lineError('percentage_out_of_range', shareKey, String(share * 100));
        step(r, 'share', `${amount} ÷ ${capital}`, share, 'ratio');
      }
      const investee = emissionsKg(inputs, 'investeeEmissions');
      addCo2e(r, investee * share);
      step(r, 'attributed emissions', `${investee} kg-CO2e × ${share}`, investee * share, 'kg-CO2e');
    },
  }),
  spendFormula({ id: 's3.15.spend', scope: '315', item: labels('投資先の業種', 'investee sector', '被投资方行业') }),
];
