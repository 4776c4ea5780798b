import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import { XLSX_MEDIA_TYPE } from '@ghg/api';
import { AsOfAheadError } from '@ghg/projector';
import { catalogues, isLocale, type Locale, type MessageId } from '@ghg/locales';

/** The caller's saved language (Japanese when none), for the headings of the files it downloads. */
export async function userLocale(knex: Knex, userId: string): Promise<Locale> {
  const user: { language: string | null } | undefined = await knex('users').where({ id: userId }).first('language');
  return isLocale(user?.language) ? user.language : 'ja';
}

/** A message of the language by id (the id itself when the catalogue lacks it). */
export const messagesOf =
  (locale: Locale) =>
  (id: string): string =>
    catalogues[locale][id as MessageId] ?? id;

/** An Excel sheet name: at most 31 characters, none of []:*?/\ (the format's rules), unique in the book. */
export function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base.slice(0, 28)} ${i}`;
  taken.add(candidate);
  return candidate;
}

/** A message with its `{name}` placeholders filled (the files' headings and notes take plain values, no plural forms). */
export const fill = (message: string, values: Readonly<Record<string, string>>): string => message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A number with the format it is shown in. */
export interface Formatted {
  value: number;
  numFmt: string;
}
/** A cell: text, a number (a fraction shown to six decimals, a whole one as it is), a formatted number, or empty. */
export type Cell = string | number | Formatted | null;
/** A block of a sheet: a bold heading row, then its rows. */
export interface Block {
  headings: string[];
  rows: Cell[][];
}

const SIX_DECIMALS = '#,##0.000000';
/** Exact decimal text of a report ('1234.500000') → a number shown with its six decimals. */
export const decimal = (text: string): Formatted => ({ value: Number(text), numFmt: SIX_DECIMALS });
/** A whole figure (t-CO2, a count of lines) shown with thousands separators. */
export const whole = (value: number | string): Formatted => ({ value: Number(value), numFmt: '#,##0' });

function putRow(ws: ExcelJS.Worksheet, cells: readonly Cell[]): ExcelJS.Row {
  const row = ws.addRow(cells.map((c) => (c !== null && typeof c === 'object' ? c.value : c)));
  cells.forEach((c, i) => {
    if (c !== null && typeof c === 'object') row.getCell(i + 1).numFmt = c.numFmt;
    else if (typeof c === 'number' && !Number.isInteger(c)) row.getCell(i + 1).numFmt = SIX_DECIMALS;
  });
  return row;
}

/**
 * A workbook whose sheets get legal, unique names (`sheetName`). `table`: a bold heading row then the
 * rows, a column that holds a number shown to six decimals. `blocks`: an optional italic first line
 * (what the sheet is), then each block after an empty row.
 */
export function workbook() {
  const book = new ExcelJS.Workbook();
  const taken = new Set<string>();
  const widen = (ws: ExcelJS.Worksheet, widths: readonly number[]) => widths.forEach((w, i) => (ws.getColumn(i + 1).width = w));
  return {
    book,
    table(name: string, headings: string[], rows: (string | number | null)[][], widths: readonly number[]): ExcelJS.Worksheet {
      const ws = book.addWorksheet(sheetName(name, taken));
      ws.addRow(headings).font = { bold: true };
      for (const row of rows) ws.addRow(row);
      widen(ws, widths);
      for (let c = 1; c <= headings.length; c++) if (rows.some((r) => typeof r[c - 1] === 'number')) ws.getColumn(c).numFmt = SIX_DECIMALS;
      return ws;
    },
    blocks(name: string, intro: string | null, blocks: readonly Block[], widths: readonly number[]): ExcelJS.Worksheet {
      const ws = book.addWorksheet(sheetName(name, taken));
      if (intro !== null) ws.addRow([intro]).font = { italic: true };
      blocks.forEach((block, i) => {
        if (intro !== null || i > 0) ws.addRow([]);
        ws.addRow(block.headings).font = { bold: true };
        for (const cells of block.rows) putRow(ws, cells);
      });
      widen(ws, widths);
      return ws;
    },
  };
}

/** Answers a workbook as a download named `fileName` (ASCII: it goes into the header as it is). */
export async function sendWorkbook(reply: FastifyReply, book: ExcelJS.Workbook, fileName: string): Promise<FastifyReply> {
  const buffer = Buffer.from(await book.xlsx.writeBuffer());
  return reply.headers({ 'content-type': XLSX_MEDIA_TYPE, 'content-disposition': `attachment; filename="${fileName}"`, 'cache-control': 'no-store' }).send(buffer);
}

/** The company's name (its id when it has none). */
export async function companyName(knex: Knex, companyId: string): Promise<string> {
  const company: { name: string } | undefined = await knex('companies').where({ id: companyId }).first('name');
  return company?.name ?? companyId;
}

/**
 * The log position a file is made as of: `resolve` answers it; a moment the read models do not
 * reflect yet is the route's refusal (409 `as_of_ahead`).
 */
export async function positionOrRefusal(resolve: () => Promise<bigint>, refusal: () => Error): Promise<bigint> {
  try {
    return await resolve();
  } catch (error) {
    if (error instanceof AsOfAheadError) throw refusal();
    throw error;
  }
}

/** Deal ids named in one cell at the most (a cell holds 32,767 characters). */
const MAX_LISTED = 500;

/** Ids for one cell: all of them, or the first 500 and `more` (a message with `{count}`) for the rest. */
export const idList = (ids: readonly string[], more: string): string =>
  ids.length > MAX_LISTED ? `${ids.slice(0, MAX_LISTED).join(', ')} ${fill(more, { count: String(ids.length - MAX_LISTED) })}` : ids.join(', ');

/**
 * What a report's workbook is made of: the report `render`ed for the caller's selected company and
 * the body's fiscal year at the position `resolve` gives for the body's `asOf` (a moment not
 * reflected yet is the route's `refusal`), the company's name and the caller's messages.
 */
export async function workbookInput<R>(
  knex: Knex,
  session: { selectedCompanyId: string; userId: string },
  body: { fiscalYear: number; asOf?: string | undefined },
  refusal: () => Error,
  resolve: (knex: Knex, companyId: string, asOf: string | undefined) => Promise<bigint>,
  render: (knex: Knex, companyId: string, fiscalYear: number, position: bigint) => Promise<R>,
): Promise<{ rendered: R; company: string; t: (id: string) => string }> {
  const companyId = session.selectedCompanyId;
  const position = await positionOrRefusal(() => resolve(knex, companyId, body.asOf), refusal);
  return { rendered: await render(knex, companyId, body.fiscalYear, position), company: await companyName(knex, companyId), t: messagesOf(await userLocale(knex, session.userId)) };
}

/** What the first sheet of a report's workbook says: what it is, of what and as of when, its notes and the report's gaps. */
export interface About {
  sheet: string;
  title: string;
  company: string;
  fiscalYear: number;
  /** The moment asked for, as given (absent: now). */
  asOf: { label: string; value: string };
  position: string;
  sha256: string;
  facts: [string, Cell][];
  notes: { heading: string; lines: string[] };
  gaps: { heading: string; lines: string[]; none: string };
}

/** The "about" sheet: a title line, the facts (company, fiscal year, moment, log position, SHA-256…), the notes, the gaps. */
export function aboutSheet(book: ReturnType<typeof workbook>, t: (id: string) => string, about: About): ExcelJS.Worksheet {
  return book.blocks(
    about.sheet,
    about.title,
    [
      {
        headings: [t('reports.xlsx.item'), t('reports.xlsx.value')],
        rows: [
          [t('reports.xlsx.company'), about.company],
          [t('audit.field.fiscalYear'), about.fiscalYear],
          [about.asOf.label, about.asOf.value],
          [t('audit.field.position'), about.position],
          [t('audit.field.sha256'), about.sha256],
          ...about.facts,
        ],
      },
      { headings: [about.notes.heading], rows: about.notes.lines.map((line) => [line]) },
      { headings: [about.gaps.heading], rows: about.gaps.lines.length === 0 ? [[about.gaps.none]] : about.gaps.lines.map((line) => [line]) },
    ],
    [44, 100],
  );
}
