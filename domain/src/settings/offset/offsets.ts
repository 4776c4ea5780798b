import { accept, reject, type Decider } from '../../core/decider';
import { KEY, type EntityClaim } from '../../core/claims';
import type { OffsetEvent } from '@ghg/events';
import { cleanText, isIsoDate, isPositiveQuantity } from '../settingsValues';

/**
 * One stream per offset. "The same credits only once" spans offsets: numbered serial ranges are
 * kept in a range register per company, kind and serial prefix, other serials as keys
 * (offsetClaims). The decider folds whatever offsets it is given; an offset's stream holds one.
 */
/** Every stream of this kind starts so: `offset-<companyId>-<id>`. */
export const OFFSET_STREAM_PREFIX = 'offset-';
export const offsetStreamId = (companyId: string, offsetId: string) => `${OFFSET_STREAM_PREFIX}${companyId}-${offsetId}`;
export const LEGACY_OFFSETS_PREFIX = 'offsets-';

/** The credits an offset holds: its serial range (or its serials as text) within its kind. */
export const offsetClaims = (companyId: string) => (state: OffsetsState): EntityClaim[] =>
  [...state.offsets.values()].map((o) => {
    const range = serialRange(o.particularNumberFrom, o.particularNumberTo);
    return range
      ? { guard: ['offsetSerials', companyId, o.type, range.prefix], value: { from: range.from.toString(), to: range.to.toString() } }
      : { guard: ['offsetSerialText', companyId, o.type, o.particularNumberFrom, o.particularNumberTo], value: KEY };
  });

/**
 * Kinds of credit a picker suggests (種類); any other text is accepted, because registries and
 * schemes change faster than this list.
 */
export const SUGGESTED_OFFSET_TYPES = ['J-クレジット', 'JCM', 'グリーン電力証書', 'グリーン熱証書', 'J-VER', '国内クレジット', 'VCS', 'Gold Standard'] as const;
/** How the credits were used (認証種別): cancelled (無効化) or transferred before retirement (償却前移転); free text accepted. */
export const SUGGESTED_OFFSET_AUTH_TYPES = ['無効化', '償却前移転'] as const;

export const OFFSET_TEXT_MAX = 100;

export interface Offset {
  id: string;
  type: string;
  particularNumberFrom: string;
  particularNumberTo: string;
  /** t-CO2. */
  invalidOrRelocationQuantity: number;
  invalidOrRelocationDate: string;
  authType: string;
  version: number;
}

export interface OffsetsState {
  offsets: ReadonlyMap<string, Offset>;
}

export type OffsetCommand =
  | {
      type: 'SaveOffset';
      companyId: string;
      /** Absent: a new offset with newId. */
      id?: string;
      newId: string;
      offsetType: string;
      particularNumberFrom: string;
      particularNumberTo: string;
      invalidOrRelocationQuantity: number;
      invalidOrRelocationDate: string;
      authType: string;
      expectedVersion?: number;
    }
  | { type: 'RemoveOffset'; companyId: string; id: string; expectedVersion?: number };

export type OffsetError =
  | 'invalid_offset_type'
  | 'invalid_auth_type'
  | 'invalid_serial_number'
  | 'invalid_serial_range'
  | 'invalid_quantity'
  | 'invalid_date'
  | 'offset_serial_overlap'
  | 'offset_not_found'
  | 'version_conflict';

/**
 * A serial number split into its text prefix and its trailing digits, e.g. "JP-101-0001-000120" →
 * ["JP-101-0001-", 120n]; null when it does not end in digits.
 */
export function splitSerial(serial: string): { prefix: string; number: bigint } | null {
  const m = /^(.*?)(\d+)$/.exec(serial);
  return m ? { prefix: m[1]!, number: BigInt(m[2]!) } : null;
}

/** The numeric range of from…to when both share a prefix and end in digits; null otherwise. */
export function serialRange(from: string, to: string): { prefix: string; from: bigint; to: bigint } | null {
  const a = splitSerial(from);
  const b = splitSerial(to);
  if (!a || !b || a.prefix !== b.prefix) return null;
  return { prefix: a.prefix, from: a.number, to: b.number };
}

export const offsetsDecider: Decider<OffsetCommand, OffsetEvent, OffsetsState, OffsetError> = {
  eventTypes: { OffsetAdded: true, OffsetChanged: true, OffsetRemoved: true },
  initialState: () => ({ offsets: new Map() }),
  evolve: (state, event, revision) => {
    const offsets = new Map(state.offsets);
    if (event.type === 'OffsetRemoved') offsets.delete(event.data.id);
    else {
      const { companyId: _companyId, ...offset } = event.data;
      offsets.set(offset.id, { ...offset, version: revision });
    }
    return { offsets };
  },
  decide: (command, state) => {
    if (command.type === 'RemoveOffset') {
      const existing = state.offsets.get(command.id);
      if (!existing) return reject('offset_not_found');
      if (command.expectedVersion !== undefined && command.expectedVersion !== existing.version) return reject('version_conflict');
      return accept({ type: 'OffsetRemoved', data: { id: command.id, companyId: command.companyId } });
    }
    const type = cleanText(command.offsetType, OFFSET_TEXT_MAX);
    if (type === null) return reject('invalid_offset_type');
    const authType = cleanText(command.authType, OFFSET_TEXT_MAX);
    if (authType === null) return reject('invalid_auth_type');
    const from = cleanText(command.particularNumberFrom, OFFSET_TEXT_MAX);
    const to = cleanText(command.particularNumberTo, OFFSET_TEXT_MAX);
    if (from === null || to === null) return reject('invalid_serial_number');
    // Serials of one block share a prefix and count up: "…-000120" to "…-000100" is backwards.
    const bothNumbered = splitSerial(from) !== null && splitSerial(to) !== null;
    const range = serialRange(from, to);
    if (bothNumbered && (!range || range.from > range.to)) return reject('invalid_serial_range');
    const quantity = command.invalidOrRelocationQuantity;
    if (!isPositiveQuantity(quantity)) return reject('invalid_quantity');
    const date = command.invalidOrRelocationDate.trim();
    if (!isIsoDate(date)) return reject('invalid_date');

    const existing = command.id === undefined ? undefined : state.offsets.get(command.id);
    if (command.id !== undefined && !existing) return reject('offset_not_found');
    if (existing && command.expectedVersion !== undefined && command.expectedVersion !== existing.version) {
      return reject('version_conflict');
    }
    const id = existing?.id ?? command.newId;
    // The same credits cannot offset twice: a numbered range of the same kind may not overlap another.
    if (range) {
      for (const other of state.offsets.values()) {
        if (other.id === id || other.type !== type) continue;
        const r = serialRange(other.particularNumberFrom, other.particularNumberTo);
        if (r && r.prefix === range.prefix && r.from <= range.to && range.from <= r.to) return reject('offset_serial_overlap');
      }
    } else {
      for (const other of state.offsets.values()) {
        if (other.id !== id && other.type === type && other.particularNumberFrom === from && other.particularNumberTo === to) {
          return reject('offset_serial_overlap');
        }
      }
    }
    const data = {
      id,
      companyId: command.companyId,
      type,
      particularNumberFrom: from,
      particularNumberTo: to,
      invalidOrRelocationQuantity: quantity,
      invalidOrRelocationDate: date,
      authType,
    };
    if (!existing) return accept({ type: 'OffsetAdded', data });
    const unchanged =
      existing.type === type &&
      existing.particularNumberFrom === from &&
      existing.particularNumberTo === to &&
      existing.invalidOrRelocationQuantity === quantity &&
      existing.invalidOrRelocationDate === date &&
      existing.authType === authType;
    return unchanged ? accept() : accept({ type: 'OffsetChanged', data });
  },
};
