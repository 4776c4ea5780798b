import type { CompanyFactorEntry, CompanyFactorSetEvent } from '@ghg/events';
import { accept, isKnownEvent, reject, type Decider } from '../../core/decider';
import { SHIPPED_FACTOR_SETS } from '../factors/data';
import type { FactorSet } from '../factors/types';
import type { Labels } from '../i18n';
import { toFactorEntry, validateFactorRow, type FactorFieldError, type FactorRow } from './entry';

/**
 * A company's own factor sets (licensed tables such as GLEC, supplier-specific values). Each set
 * lives in its own stream, named by the company and the set id, so a set's id is unique in the
 * company by its stream alone. Every change publishes a new version of the set (1, 2, 3 …); a
 * version is never edited, so a calculation basis that pins it stays reproducible. The decider
 * folds whatever sets it is given; a set's stream holds that one set.
 */
export const COMPANY_FACTOR_SET_STREAM_PREFIX = 'companyFactorSet-';
export const companyFactorSetStreamId = (companyId: string, setId: string) => `${COMPANY_FACTOR_SET_STREAM_PREFIX}${companyId}-${setId}`;
/** Before one stream per entity, all of a company's sets were in one stream of this prefix (see the stream migration). */
export const LEGACY_COMPANY_FACTOR_SETS_PREFIX = 'companyFactorSets-';

/** Set ids are referenced as '<setId>:<key>', so no ':'; lower-case so they read like shipped ids. */
export const COMPANY_SET_ID = /^[a-z0-9][a-z0-9._-]{1,49}$/;
const SHIPPED_SET_IDS: ReadonlySet<string> = new Set(SHIPPED_FACTOR_SETS.map((s) => s.id));

export interface CompanyFactorSet {
  readonly id: string;
  readonly setId: string;
  readonly title: Labels;
  readonly publisher: string;
  readonly citation: string;
  readonly licence: string;
  /** The newest published version; 0 while the set has no entries yet. */
  readonly version: number;
  readonly entries: ReadonlyMap<string, CompanyFactorEntry>;
}

export interface CompanyFactorSetsState {
  readonly sets: ReadonlyMap<string, CompanyFactorSet>;
}

export type CompanyFactorSetCommand =
  | {
      type: 'CreateCompanyFactorSet';
      companyId: string;
      newId: string;
      setId: string;
      title: { ja?: string; en?: string; zhHans?: string };
      publisher?: string;
      citation?: string;
      licence?: string;
    }
  | { type: 'SaveCompanyFactor'; companyId: string; setId: string; row: FactorRow; expectedVersion?: number }
  | { type: 'RemoveCompanyFactor'; companyId: string; setId: string; key: string; expectedVersion?: number }
  | {
      type: 'UploadCompanyFactorTable';
      companyId: string;
      setId: string;
      mode: 'merge' | 'replace';
      fileName: string;
      format: 'csv-utf8' | 'csv-utf8-bom' | 'csv-shift_jis' | 'xlsx';
      /** Rows already checked by `validateFactorTable` (the route reports row numbers). */
      entries: readonly CompanyFactorEntry[];
      expectedVersion?: number;
    };

export type CompanyFactorSetError =
  | 'invalid_set_id'
  | 'factor_set_exists'
  | 'invalid_title'
  | 'invalid_text'
  | 'factor_set_not_found'
  | 'factor_not_found'
  | 'invalid_factor'
  | 'empty_table'
  | 'version_conflict';

/** Why a single factor was refused, field by field (the route answers them as `fields`). */
export function factorRowErrors(row: FactorRow): readonly FactorFieldError[] {
  const r = validateFactorRow(row);
  return r.ok ? [] : r.errors;
}

/** Field by field: events read back from a JSON(B) store do not keep their key order. */
const sameEntry = (a: CompanyFactorEntry | undefined, b: CompanyFactorEntry) =>
  a !== undefined &&
  a.key === b.key &&
  a.label.ja === b.label.ja &&
  a.label.en === b.label.en &&
  a.label.zhHans === b.label.zhHans &&
  a.value === b.value &&
  a.unit === b.unit &&
  a.stage === b.stage &&
  a.validFrom === b.validFrom &&
  a.validTo === b.validTo &&
  a.source === b.source &&
  a.licenceNote === b.licenceNote &&
  a.category === b.category;

export function applyCompanyFactorEvent(entries: ReadonlyMap<string, CompanyFactorEntry>, event: CompanyFactorSetEvent): Map<string, CompanyFactorEntry> {
  const next = new Map(event.type === 'CompanyFactorSetUploaded' && event.data.mode === 'replace' ? [] : entries);
  if (event.type === 'CompanyFactorSaved') next.set(event.data.entry.key, event.data.entry);
  else if (event.type === 'CompanyFactorRemoved') next.delete(event.data.key);
  else if (event.type === 'CompanyFactorSetUploaded') for (const e of event.data.entries) next.set(e.key, e);
  return next;
}

export const companyFactorSetsDecider: Decider<CompanyFactorSetCommand, CompanyFactorSetEvent, CompanyFactorSetsState, CompanyFactorSetError> = {
  eventTypes: { CompanyFactorSetCreated: true, CompanyFactorSaved: true, CompanyFactorRemoved: true, CompanyFactorSetUploaded: true },
  initialState: () => ({ sets: new Map() }),
  evolve: (state, event) => {
    const sets = new Map(state.sets);
    if (event.type === 'CompanyFactorSetCreated') {
      const { id, setId, title, publisher, citation, licence } = event.data;
      sets.set(setId, { id, setId, title, publisher, citation, licence, version: 0, entries: new Map() });
    } else {
      const set = sets.get(event.data.setId);
      if (set) sets.set(set.setId, { ...set, version: event.data.version, entries: applyCompanyFactorEvent(set.entries, event) });
    }
    return { sets };
  },
  decide: (command, state) => {
    if (command.type === 'CreateCompanyFactorSet') {
      const setId = command.setId.trim();
      if (!COMPANY_SET_ID.test(setId)) return reject('invalid_set_id');
      if (SHIPPED_SET_IDS.has(setId) || state.sets.has(setId)) return reject('factor_set_exists');
      const t = { ja: command.title.ja?.trim() ?? '', en: command.title.en?.trim() ?? '', zhHans: command.title.zhHans?.trim() ?? '' };
      const first = t.ja || t.en || t.zhHans;
      if (!first || [t.ja, t.en, t.zhHans].some((x) => x.length > 200)) return reject('invalid_title');
      const texts = [command.publisher, command.citation, command.licence].map((x) => x?.trim() ?? '');
      if (texts.some((x) => x.length > 1000)) return reject('invalid_text');
      return accept({
        type: 'CompanyFactorSetCreated',
        data: {
          id: command.newId,
          companyId: command.companyId,
          setId,
          title: { ja: t.ja || first, en: t.en || first, zhHans: t.zhHans || first },
          publisher: texts[0]!,
          citation: texts[1]!,
          licence: texts[2]!,
        },
      });
    }
    const set = state.sets.get(command.setId);
    if (!set) return reject('factor_set_not_found');
    if (command.expectedVersion !== undefined && command.expectedVersion !== set.version) return reject('version_conflict');
    const version = set.version + 1;
    const base = { id: set.id, companyId: command.companyId, setId: set.setId, version };
    switch (command.type) {
      case 'SaveCompanyFactor': {
        const r = validateFactorRow(command.row);
        if (!r.ok) return reject('invalid_factor');
        if (sameEntry(set.entries.get(r.entry.key), r.entry)) return accept();
        return accept({ type: 'CompanyFactorSaved', data: { ...base, entry: r.entry } });
      }
      case 'RemoveCompanyFactor':
        if (!set.entries.has(command.key)) return reject('factor_not_found');
        return accept({ type: 'CompanyFactorRemoved', data: { ...base, key: command.key } });
      case 'UploadCompanyFactorTable': {
        if (command.entries.length === 0) return reject('empty_table');
        const unchanged =
          command.entries.every((e) => sameEntry(set.entries.get(e.key), e)) && (command.mode === 'merge' || command.entries.length === set.entries.size);
        if (unchanged) return accept();
        return accept({
          type: 'CompanyFactorSetUploaded',
          data: { ...base, mode: command.mode, fileName: command.fileName, format: command.format, entries: [...command.entries] },
        });
      }
    }
  },
};

/** Every published version of every set, for pin validation: { setId: ['1', '2', …] }. */
export function companyFactorSetVersions(state: CompanyFactorSetsState): Record<string, string[]> {
  return Object.fromEntries([...state.sets.values()].map((s) => [s.setId, Array.from({ length: s.version }, (_, i) => String(i + 1))]));
}

/**
 * The engine's factor set for one version of a company set, rebuilt from the stream's events:
 * exactly the entries that version had, whatever was published after it. `publishedAt` is the
 * time of the version's event (its year is the set's publication year).
 */
export function companyFactorSetAt(
  events: readonly { type: string; data: unknown; occurredAt?: string }[],
  setId: string,
  version: number,
): FactorSet | null {
  let meta: Extract<CompanyFactorSetEvent, { type: 'CompanyFactorSetCreated' }>['data'] | null = null;
  let entries = new Map<string, CompanyFactorEntry>();
  let year: number | null = null;
  for (const e of events) {
    if (!isKnownEvent(companyFactorSetsDecider, e) || e.data.setId !== setId) continue;
    if (e.type === 'CompanyFactorSetCreated') meta = e.data;
    else if (e.data.version <= version) {
      entries = applyCompanyFactorEvent(entries, e);
      if (e.data.version === version) year = e.occurredAt ? Number(e.occurredAt.slice(0, 4)) : new Date().getUTCFullYear();
    }
  }
  if (!meta || year === null) return null;
  return {
    id: setId,
    version: String(version),
    title: meta.title,
    publisher: meta.publisher,
    year,
    citation: meta.citation,
    licence: meta.licence,
    entries: [...entries.values()].map(toFactorEntry),
  };
}
