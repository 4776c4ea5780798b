import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import ZipStream from 'zip-stream';
import { auditPackRoutes, CSV_BOM, csvLine } from '@ghg/api';
import {
  activityLineStreamId,
  canonicalJson,
  companyFactorSetAt,
  companyFactorSetStreamId,
  currencyRateStreamId,
  FORMULA_BY_ID,
  SHIPPED_FACTOR_SETS,
  type CalculationContext,
  type FactorSet,
  type InventoryLine,
} from '@ghg/domain';
import type { EventOf, RecordedEvent } from '@ghg/events';
import { filedReport, renderInventory } from '@ghg/projector';
import type { CommandApiDeps } from '../core/deps';
import { registerRoute } from '../core/registerRoute';

/**
 * The audit pack of a filed report (POST /api/reports/audit-pack, docs/audit-pack.md): a ZIP of
 * the report as filed and everything a third party needs to check it — its lines and their events
 * from the log up to the report's position, the factors and formulas used, and the lines as input
 * files of the calculation CLI (`npm run calc`), one per calculation context, so the totals can be
 * recomputed — with a manifest of every file's bytes and SHA-256.
 *
 * The ZIP is written as it is read: each file is one entry, produced a batch of lines at a time
 * (the line streams read again for each file), so memory holds a batch, not the year. Entries are
 * dated at the filing, so the same report always gives the same files.
 */

/** Lines whose streams are read per query. */
const BATCH = 500;

type LineData = EventOf<'ActivityLineRecorded'>['data'];

/** What an engine context of the pack holds besides the company's own factor sets (added when written). */
type PackContext = Required<Pick<CalculationContext, 'factorSets' | 'gwpSet' | 'fiscalYear' | 'fiscalYearStartMonth' | 'currencyRates'>>;

/** One line of the report with its stream's events up to the position (the last is the line as of it). */
interface LineAsFiled {
  line: InventoryLine;
  events: RecordedEvent[];
  data: LineData;
}

const sortedRecord = <V>(record: Readonly<Record<string, V>>): Record<string, V> => Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The month the company's fiscal year started in, from the line's date and its fiscal month (fiscalMonthOf inverted). */
const startMonthOf = (data: LineData) => ((Number(data.deal.occurrenceDate.slice(5, 7)) - data.calculation.fiscalMonth + 12) % 12) + 1;

/** A CSV row (RFC 4180, CRLF) of text cells; null is an empty cell. */
const row = (cells: readonly (string | number | null)[]) => csvLine(cells.map((c) => (c === null ? '' : String(c))));

const SCOPE_OF_CATEGORY = (category: string) => (category === '1' || category === '2' || category === 'water' || category === 'pe' ? category : '3');

/**
 * The company's currency rates as they stood at each position of the log: a line was calculated
 * with the rates of its fiscal year as the command read them, so its context carries those. The
 * rates are found by the audit log (which also lists removed ones) and the read model, and read
 * from their own streams.
 */
async function currencyRateHistory(deps: CommandApiDeps, companyId: string, position: bigint) {
  const { knex } = deps.db;
  const [audited, current] = await Promise.all([
    knex('audit_log').where({ company_id: companyId, topic: 'settings/currency' }).andWhere('position', '<=', position.toString()).distinct('entity_id') as Promise<{ entity_id: string }[]>,
    knex('currency_rates').where({ company_id: companyId }).select('id') as Promise<{ id: string }[]>,
  ]);
  const ids = [...new Set([...audited.map((r) => r.entity_id), ...current.map((r) => r.id)])];
  const streams = ids.length === 0 ? new Map<string, RecordedEvent[]>() : await deps.eventStore.readStreams(ids.map((id) => currencyRateStreamId(companyId, id)));
  const events = [...streams.values()]
    .flat()
    .filter((e) => e.globalPosition.commit <= position)
    .sort((a, b) => (a.globalPosition.commit < b.globalPosition.commit ? -1 : a.globalPosition.commit > b.globalPosition.commit ? 1 : 0));
  /** The rates of `fiscalYear` at commit position `at`, by currency. */
  return (at: bigint, fiscalYear: number): { fiscalYear: number; currencyUnit: string; rate: number }[] => {
    const rates = new Map<string, { fiscalYear: number; currencyUnit: string; rate: number }>();
    for (const e of events) {
      if (e.globalPosition.commit > at) break;
      const d = e.data as { id: string; fiscalYear?: number; currencyUnit?: string; rate?: number };
      if (e.type === 'CurrencyRateRemoved') rates.delete(d.id);
      else if (d.fiscalYear !== undefined && d.currencyUnit !== undefined && d.rate !== undefined) rates.set(d.id, { fiscalYear: d.fiscalYear, currencyUnit: d.currencyUnit, rate: d.rate });
    }
    return [...rates.values()].filter((r) => r.fiscalYear === fiscalYear).sort((a, b) => (a.currencyUnit < b.currencyUnit ? -1 : a.currencyUnit > b.currencyUnit ? 1 : 0));
  };
}

const README = (r: { reportId: string; fiscalYear: number; position: string; sha256: string; calcFiles: string[] }) =>
  [
    `GHG Ledger audit pack — report ${r.reportId}, fiscal year ${r.fiscalYear}, as filed at log position ${r.position}`,
    '',
    'Every file is as of the report\'s position: the lines as they stood then and the events of the log up to it.',
    '',
    '  report.json         the report re-rendered from the log at its position, as canonical JSON (keys sorted, no spaces)',
    '  report-filed.json   the filing: position, SHA-256, when and by whom, note, filed totals',
    '  lines.csv           one row per line of the fiscal year (kg CO2e with six decimals, as the ledger holds them)',
    '  events.csv          every event of each line\'s stream up to the position, its data as JSON',
    '  factors.csv         every factor the lines used, with its set, pinned version and published values',
    '  formulas.csv        the formulas the lines used, from the formula catalogue',
    '  calc/*.json         the lines as input files of the calculation CLI, one per calculation context',
    '  manifest.json       the bytes and SHA-256 of every other file',
    '',
    'How to verify',
    '',
    '1. The files are the ones listed: compare each file\'s SHA-256 with manifest.json, e.g.',
    '     sha256sum report.json report-filed.json lines.csv events.csv factors.csv formulas.csv README.txt calc/*.json',
    `2. The report is the one filed: the SHA-256 of report.json is the filed hash ${r.sha256}`,
    '   (manifest.json "reportSha256", report-filed.json "sha256").',
    '3. The figures recompute: in a checkout of GHG Ledger (npm ci), run the calculation CLI on each input file',
    ...r.calcFiles.map((f) => `     npm run calc -- ${f} --json`),
    '   and add up each result\'s co2eKg by the category of its line (lines.csv, by deal id = the result\'s lineId).',
    '   Each line\'s figure rounded to six decimals (as the ledger stores it) and summed gives the report\'s category',
    '   totals (report.json "categories"[].co2eKg), scope 1, scope 3 and water exactly; scope 2 on the basis each',
    '   line\'s formula calculates on (the other basis is in lines.csv, locationKg and marketKg).',
    '',
    'A context is what a calculation depends on besides its lines: the pinned factor-set versions, the GWP set,',
    'the fiscal year and its start month, the currency rates of the year as they stood when the line was',
    'calculated, and the company\'s own factor sets at their pinned versions.',
    '',
  ].join('\r\n');

export function registerAuditPackRoutes(app: FastifyInstance, deps: CommandApiDeps): void {
  registerRoute(app, deps, auditPackRoutes.download, async ({ session, body, refuse, reply }) => {
    const { knex } = deps.db;
    const companyId = session.selectedCompanyId;
    const filed = await filedReport(knex, companyId, body.reportId);
    // The pack re-renders the GHG Protocol inventory: a filing of another regime has none.
    if (!filed || filed.regime !== 'ghgProtocol') throw refuse('report_not_found');

    const position = BigInt(filed.position);
    const fiscalYear = filed.fiscalYear;
    const filedAt = new Date(filed.filedAt);
    const { content, lines } = await renderInventory(knex, companyId, fiscalYear, position);
    const ratesAt = await currencyRateHistory(deps, companyId, position);
    const shippedSets = new Set(SHIPPED_FACTOR_SETS.map((s) => s.id));

    /** Every line with its stream's events up to the position, a batch at a time, in deal order. */
    async function* linesAsFiled(): AsyncGenerator<LineAsFiled> {
      for (let i = 0; i < lines.length; i += BATCH) {
        const chunk = lines.slice(i, i + BATCH);
        const streams = await deps.eventStore.readStreams(chunk.map((l) => activityLineStreamId(companyId, l.dealId)));
        for (const line of chunk) {
          const events = (streams.get(activityLineStreamId(companyId, line.dealId)) ?? []).filter((e) => e.globalPosition.commit <= position);
          const last = events.at(-1);
          if (!last || last.type === 'ActivityLineRemoved') throw new Error(`the log has no version of line ${line.dealId} at position ${position}`);
          yield { line, events, data: last.data as LineData };
        }
      }
    }

    const contextOf = (l: LineAsFiled): PackContext => {
      const c = l.data.calculation;
      return {
        factorSets: sortedRecord(c.factorSets),
        gwpSet: c.gwpSet.id,
        fiscalYear: c.fiscalYear,
        fiscalYearStartMonth: startMonthOf(l.data),
        currencyRates: ratesAt(l.events.at(-1)!.globalPosition.commit, c.fiscalYear),
      };
    };

    /** The company's own factor sets a context pins, at their pinned versions (published versions never change). */
    const ownSets = new Map<string, Promise<FactorSet | null>>();
    const ownSet = (setId: string, version: string) => {
      const key = `${setId}@${version}`;
      let set = ownSets.get(key);
      if (!set) {
        set = deps.eventStore
          .readStream(companyFactorSetStreamId(companyId, setId))
          .then((events) => companyFactorSetAt(events.filter((e) => e.globalPosition.commit <= position).map((e) => ({ type: e.type, data: e.data, occurredAt: e.metadata.occurredAt })), setId, Number(version)));
        ownSets.set(key, set);
      }
      return set;
    };
    const customFactorSetsOf = async (context: PackContext): Promise<FactorSet[]> => {
      const sets = await Promise.all(Object.entries(context.factorSets).filter(([setId]) => !shippedSets.has(setId)).map(([setId, version]) => ownSet(setId, version)));
      return sets.filter((s): s is FactorSet => s !== null);
    };

    const zip = new ZipStream({ zlib: { level: 6 } });
    const out = new PassThrough();
    zip.on('error', (error: Error) => out.destroy(error));
    zip.pipe(out);
    // A client that goes away stops the reading too.
    out.once('close', () => zip.destroy());
    const files: { name: string; bytes: number; sha256: string }[] = [];

    /** Writes one file into the ZIP, counting and hashing its bytes for the manifest; resolves when it is in. */
    const add = (name: string, chunks: AsyncIterable<string> | Iterable<string>) =>
      new Promise<void>((resolve, reject) => {
        const hash = createHash('sha256');
        let bytes = 0;
        async function* counted() {
          for await (const chunk of chunks) {
            const buffer = Buffer.from(chunk, 'utf8');
            hash.update(buffer);
            bytes += buffer.length;
            yield buffer;
          }
        }
        zip.entry(Readable.from(counted(), { objectMode: false }), { name, date: filedAt }, (error) => {
          if (error) return reject(error);
          files.push({ name, bytes, sha256: hash.digest('hex') });
          resolve();
        });
      });

    // Collected while lines.csv is written: few (a year's factors, formulas and contexts), not one per line.
    const factors = new Map<string, string[]>();
    const formulaIds = new Set<string>();
    const contexts = new Map<string, { name: string; context: PackContext }>();

    async function* linesCsv() {
      yield CSV_BOM;
      yield row(['dealId', 'sectionId', 'scopeCategory', 'formulaId', 'occurrenceDate', 'quantity', 'unit', 'co2eKg', 'locationKg', 'marketKg', 'gwpSet', 'factorSets', 'eventPosition']);
      for await (const l of linesAsFiled()) {
        const c = l.data.calculation;
        const uses = [...c.factors, ...(c.otherBasis?.factors ?? [])];
        for (const f of uses) {
          const key = canonicalJson([f.setId, f.version, f.key, f.origin, f.values]);
          if (!factors.has(key)) factors.set(key, [f.setId, f.version, f.key, f.origin, String(f.confirmed), canonicalJson(f.values)]);
        }
        formulaIds.add(c.formulaId);
        if (c.otherBasis) formulaIds.add(c.otherBasis.formulaId);
        const context = contextOf(l);
        const key = canonicalJson(context);
        if (!contexts.has(key)) contexts.set(key, { name: `calc/FY${fiscalYear}-context-${contexts.size + 1}.json`, context });
        const sets = [...new Set(uses.map((f) => `${f.setId}@${f.version}`))].join(' ');
        yield row([
          l.line.dealId,
          l.line.sectionId,
          l.line.scopeCategory,
          l.line.formulaId,
          l.data.deal.occurrenceDate,
          c.quantity,
          c.unit,
          l.line.co2eKg,
          l.line.locationKg,
          l.line.marketKg,
          `${c.gwpSet.id}@${c.gwpSet.version}`,
          sets,
          l.events.at(-1)!.globalPosition.commit.toString(),
        ]);
      }
    }

    async function* eventsCsv() {
      yield CSV_BOM;
      yield row(['position', 'stream', 'revision', 'eventId', 'type', 'schemaVersion', 'occurredAt', 'actorUserId', 'correlationId', 'causationId', 'data']);
      for await (const l of linesAsFiled()) {
        for (const e of l.events) {
          yield row([
            e.globalPosition.commit.toString(),
            e.streamId,
            e.streamPosition,
            e.id,
            e.type,
            e.schemaVersion,
            e.metadata.occurredAt,
            e.metadata.actorUserId,
            e.metadata.correlationId,
            e.metadata.causationId,
            JSON.stringify(e.data),
          ]);
        }
      }
    }

    /** One input file of `npm run calc`: the context, then the lines calculated under it (their stored inputs). */
    async function* calcFile(key: string, context: PackContext) {
      const full: CalculationContext = { ...context, customFactorSets: await customFactorSetsOf(context) };
      yield `{"context":${JSON.stringify(full)},\n"lines":[`;
      let first = true;
      for await (const l of linesAsFiled()) {
        if (canonicalJson(contextOf(l)) !== key) continue;
        const c = l.data.calculation;
        yield `${first ? '\n' : ',\n'}${JSON.stringify({ id: l.line.dealId, formulaId: c.formulaId, inputs: l.data.inputs, fiscalYear: c.fiscalYear })}`;
        first = false;
      }
      yield '\n]}\n';
    }

    const filedRecord = {
      reportId: filed.reportId,
      companyId,
      regime: filed.regime,
      fiscalYear,
      position: position.toString(),
      sha256: filed.sha256,
      filedAt: filedAt.toISOString(),
      filedBy: filed.filedBy,
      note: filed.note,
      totals: { lines: filed.lines, scope1Kg: filed.scope1Kg, scope2LocationKg: filed.scope2LocationKg, scope2MarketKg: filed.scope2MarketKg, scope3Kg: filed.scope3Kg },
    };

    void (async () => {
      await add('report.json', [canonicalJson(content)]);
      await add('report-filed.json', [`${JSON.stringify(filedRecord, null, 2)}\n`]);
      await add('lines.csv', linesCsv());
      await add('events.csv', eventsCsv());
      const factorRows = [...factors.values()].sort((a, b) => (a.join('\u0000') < b.join('\u0000') ? -1 : 1));
      await add('factors.csv', [CSV_BOM, row(['setId', 'version', 'key', 'origin', 'confirmed', 'values']), ...factorRows.map(row)]);
      const formulaRows = [...formulaIds].sort().map((id) => {
        const f = FORMULA_BY_ID.get(id);
        return row([id, f?.name.en ?? null, f?.name.ja ?? null, f ? SCOPE_OF_CATEGORY(f.scope) : null, f?.scope ?? null, f?.basis ?? null]);
      });
      await add('formulas.csv', [CSV_BOM, row(['formulaId', 'nameEn', 'nameJa', 'scope', 'category', 'scope2Basis']), ...formulaRows]);
      for (const [key, { name, context }] of contexts) await add(name, calcFile(key, context));
      await add('README.txt', [README({ reportId: filed.reportId, fiscalYear, position: position.toString(), sha256: filed.sha256, calcFiles: [...contexts.values()].map((c) => c.name) })]);
      const manifest = { reportId: filed.reportId, companyId, fiscalYear, position: position.toString(), reportSha256: filed.sha256, files };
      await new Promise<void>((resolve, reject) => zip.entry(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'), { name: 'manifest.json', date: filedAt }, (e) => (e ? reject(e) : resolve())));
      zip.finalize();
    })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));

    const fileName = `audit-pack-FY${fiscalYear}-${filed.reportId.slice(0, 8).replace(/[^A-Za-z0-9-]/g, '_')}.zip`;
    return reply
      .headers({
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        'x-audit-pack-lines': String(lines.length),
      })
      .send(out);
  });
}
