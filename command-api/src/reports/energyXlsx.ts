import type { FastifyInstance } from 'fastify';
import { energyReportRoutes } from '@ghg/api';
import { crudeOilMicro, ENERGY_TYPES, fiveYearAveragePercent, kgText, microOf, yearOnYearPercent, type EnergyGap, type EnergyType } from '@ghg/domain';
import { renderEnergyReport, resolveAsOf } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';
import { aboutSheet, decimal, fill, idList, sendWorkbook, whole, workbook, workbookInput, type Block, type Cell } from '../core/spreadsheet';

/** The energy types as the periodic report's table names them (ja: the form's terms). */
const formName: Record<EnergyType, string> = {
  gasoline: 'energyReport.xlsx.form.gasoline',
  kerosene: 'energyReport.type.kerosene',
  diesel: 'energyReport.type.diesel',
  heavyOilA: 'energyReport.type.heavyOilA',
  lpg: 'energyReport.type.lpg',
  cityGas: 'energyReport.type.cityGas',
  electricity: 'energyReport.xlsx.form.electricity',
  other: 'energyReport.xlsx.form.other',
};
/** The unit each type's quantity is reported in on the form (kL and t as they are; the others translated). */
const formUnit: Record<EnergyType, { id?: string; text?: string }> = {
  gasoline: { text: 'kL' },
  kerosene: { text: 'kL' },
  diesel: { text: 'kL' },
  heavyOilA: { text: 'kL' },
  lpg: { text: 't' },
  cityGas: { id: 'energyReport.xlsx.unit.thousandM3' },
  electricity: { id: 'energyReport.xlsx.unit.thousandKwh' },
  other: { text: '' },
};
const basisName = { thermalAverage: 'energyReport.basis.thermalAverage', allSourceAverage: 'energyReport.basis.allSourceAverage' } as const;
const gapName = {
  yearWithoutLines: 'energyReport.gap.yearWithoutLines',
  monthsWithoutElectricity: 'energyReport.gap.monthsWithoutElectricity',
  fuelWithoutHeatingValue: 'energyReport.gap.fuelWithoutHeatingValue',
  unitNotConvertible: 'energyReport.gap.unitNotConvertible',
  lineWithoutQuantity: 'energyReport.gap.lineWithoutQuantity',
} as const;

/**
 * POST /api/reports/energy/xlsx: the 省エネ法 periodic report as a workbook, for preparing the filing
 * (docs/energy-report.md, "Workbook"): what it is, the fiscal year's energy use in the layout of
 * 特定-第2表, five years by energy type and by report section type, and the intensities in the layout
 * of 特定-第4表. The report is rendered as `GET /api/reports/energy` renders it at the same position,
 * so every figure is the JSON report's.
 */
export function registerEnergyXlsxRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  const { knex } = deps.db;
  registerRoute(app, deps, energyReportRoutes.xlsx, async ({ session, body, refuse, reply }) => {
    const { rendered, company, t } = await workbookInput(knex, session, body, () => refuse('as_of_ahead'), resolveAsOf, renderEnergyReport);
    const { content, sha256, gaps } = rendered;
    const years = content.years;
    const current = years.at(-1)!;
    const book = workbook();

    const gapText = (gap: EnergyGap): string => {
      const lines = idList('dealIds' in gap ? gap.dealIds : [], t('energyReport.gap.more'));
      return fill(t(gapName[gap.kind]), { year: String(gap.fiscalYear), months: 'months' in gap ? gap.months.join(', ') : '', lines });
    };
    aboutSheet(book, t, {
      sheet: t('energyReport.xlsx.sheet.about'),
      title: t('energyReport.xlsx.title'),
      company,
      fiscalYear: content.fiscalYear,
      asOf: { label: t('energyReport.xlsx.asOf'), value: body.asOf ?? t('energyReport.xlsx.now') },
      position: content.position,
      sha256,
      facts: [
        [t('energyReport.xlsx.yearsCovered'), `${years[0]!.fiscalYear}–${current.fiscalYear}`],
        [t('energyReport.xlsx.crudeOilFactor'), `${content.crudeOilKlPerGj} kL/GJ`],
        [t('energyReport.electricityFactor'), fill(t('energyReport.electricityFactor.value'), { value: current.electricityFactor.gjPerThousandKwh, basis: t(basisName[current.electricityFactor.basis]) })],
        [t('energyReport.xlsx.createdAt'), new Date().toISOString()],
      ],
      notes: { heading: t('energyReport.xlsx.notes'), lines: [t('energyReport.xlsx.note.purpose'), t('energyReport.xlsx.note.forms'), t('energyReport.xlsx.note.hash'), t('energyReport.xlsx.note.asNow')] },
      gaps: { heading: t('energyReport.xlsx.gaps'), lines: gaps.map(gapText), none: t('energyReport.xlsx.gaps.none') },
    });

    // 特定-第2表: the fiscal year's energy use by type, every type of the form listed, fuels before electricity;
    // the fuels' subtotal in kL from their GJ, as the report's totals are (GJ × 0.0258, rounded once).
    const byType = new Map(current.byType.map((b) => [b.energyType, b]));
    const typeRow = (type: EnergyType): Cell[] => {
      const b = byType.get(type);
      const unit = formUnit[type];
      return [t(formName[type]), unit.id ? t(unit.id) : unit.text!, null, decimal(b?.gj ?? '0.000000'), decimal(b?.crudeOilKl ?? '0.000000'), whole(b?.lines ?? 0)];
    };
    const fuels = ENERGY_TYPES.filter((type) => type !== 'electricity');
    const fuelGj = fuels.reduce((sum, type) => sum + microOf(byType.get(type)?.gj ?? '0.000000'), 0n);
    const fuelLines = fuels.reduce((sum, type) => sum + (byType.get(type)?.lines ?? 0), 0);
    book.blocks(
      t('energyReport.xlsx.sheet.table2'),
      fill(t('energyReport.xlsx.table2.title'), { year: String(content.fiscalYear) }),
      [
        {
          headings: [t('energyReport.column.type'), t('energyReport.xlsx.column.unit'), t('energyReport.xlsx.column.quantity'), t('energyReport.xlsx.column.gj'), t('energyReport.xlsx.column.kl'), t('energyReport.xlsx.column.lines')],
          rows: [
            ...fuels.map(typeRow),
            [t('energyReport.xlsx.fuelSubtotal'), null, null, decimal(kgText(fuelGj)), decimal(kgText(crudeOilMicro(fuelGj))), whole(fuelLines)],
            typeRow('electricity'),
            [t('energyReport.total'), null, null, decimal(current.gj), decimal(current.crudeOilKl), whole(current.lines)],
          ],
        },
      ],
      [34, 14, 16, 20, 20, 10],
    );

    // Five years by type and by report section type: GJ, then kL.
    const yearHeadings = (id: 'energyReport.column.yearGj' | 'energyReport.column.yearKl') => years.map((y) => fill(t(id), { year: String(y.fiscalYear) }));
    const present = ENERGY_TYPES.filter((type) => years.some((y) => y.byType.some((b) => b.energyType === type)));
    const typeBlock = (field: 'gj' | 'crudeOilKl', id: 'energyReport.column.yearGj' | 'energyReport.column.yearKl', total: (y: (typeof years)[number]) => string): Block => ({
      headings: [t('energyReport.column.type'), ...yearHeadings(id)],
      rows: [
        ...present.map((type) => [t(formName[type]), ...years.map((y) => decimal(y.byType.find((b) => b.energyType === type)?.[field] ?? '0.000000'))]),
        [t('energyReport.total'), ...years.map((y) => decimal(total(y)))],
      ],
    });
    book.blocks(
      t('energyReport.xlsx.sheet.byType'),
      t('energyReport.byType.title'),
      [
        typeBlock('gj', 'energyReport.column.yearGj', (y) => y.gj),
        typeBlock('crudeOilKl', 'energyReport.column.yearKl', (y) => y.crudeOilKl),
        { headings: [t('energyReport.xlsx.column.lines'), ...years.map((y) => String(y.fiscalYear))], rows: [[t('energyReport.total'), ...years.map((y) => whole(y.lines))]] },
      ],
      [34, ...years.map(() => 18)],
    );
    const sectionTypes = [...new Set(years.flatMap((y) => y.bySectionType.map((s) => s.sectionType)))];
    const sectionBlock = (field: 'gj' | 'crudeOilKl', id: 'energyReport.column.yearGj' | 'energyReport.column.yearKl'): Block => ({
      headings: [t('energyReport.column.sectionType'), ...yearHeadings(id)],
      rows: sectionTypes.map((type) => [
        type ?? t('energyReport.sectionType.none'),
        ...years.map((y) => {
          const s = y.bySectionType.find((x) => x.sectionType === type);
          return s ? decimal(s[field]) : null;
        }),
      ]),
    });
    book.blocks(t('energyReport.xlsx.sheet.bySectionType'), t('energyReport.bySectionType.title'), [sectionBlock('gj', 'energyReport.column.yearGj'), sectionBlock('crudeOilKl', 'energyReport.column.yearKl')], [34, ...years.map(() => 18)]);

    // 特定-第4表 style: each denominator over the five years, with the change year on year and on average.
    const denominators = [...new Map(years.flatMap((y) => y.intensities.map((i) => [i.intensityId, i] as const))).values()];
    const percent = (text: string | null): Cell => (text === null ? null : { value: Number(text), numFmt: '0.0' });
    const intensityBlocks: Block[] =
      denominators.length === 0
        ? [{ headings: [t('energyReport.intensity.title')], rows: [[t('energyReport.intensity.none')]] }]
        : denominators.map((d) => {
            const of = years.map((y) => y.intensities.find((i) => i.intensityId === d.intensityId) ?? null);
            return {
              headings: [
                t('audit.field.fiscalYear'),
                t('energyReport.xlsx.column.klA'),
                fill(t('energyReport.xlsx.column.denominatorB'), { name: d.name, unit: d.unit }),
                t('energyReport.xlsx.column.intensity'),
                t('energyReport.xlsx.column.yearOnYear'),
              ],
              rows: [
                ...years.map((y, i) => [y.fiscalYear, decimal(y.crudeOilKl), of[i] ? decimal(of[i].value) : null, of[i] ? decimal(of[i].klPerUnit) : null, percent(i === 0 ? null : yearOnYearPercent(of[i - 1]?.klPerUnit ?? null, of[i]?.klPerUnit ?? null))]),
                [t('energyReport.xlsx.fiveYearAverage'), null, null, null, percent(fiveYearAveragePercent(of.map((i) => i?.klPerUnit ?? null)))],
              ],
            };
          });
    book.blocks(t('energyReport.xlsx.sheet.intensity'), t('energyReport.xlsx.intensity.title'), intensityBlocks, [30, 26, 30, 22, 18]);

    return sendWorkbook(reply, book.book, `energy-report-FY${content.fiscalYear}-position-${content.position}.xlsx`);
  });
}
