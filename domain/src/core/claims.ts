import type { ClaimEvent } from '@ghg/events';
import { accept, reject, type Decider } from './decider';

/**
 * A claim register (events/src/contracts/claims.ts): the values entities of a company hold where
 * a rule spans entities. A key register guards one value (a currency and fiscal year, a name): at
 * most one live holder. A range register guards serial numbers: holders' ranges may not overlap.
 */
export const claimRegisterStreamId = (hash: string) => `claims-${hash}`;

/** '' … '' for a key; otherwise an inclusive range of non-negative integers in decimal digits. */
export interface ClaimValue {
  from: string;
  to: string;
}

/** A value an entity holds: `guard` names what is guarded (the rule, the company, the key's parts). */
export interface EntityClaim {
  guard: readonly string[];
  value: ClaimValue;
}

/** The value of a key register: the register is the key. */
export const KEY: ClaimValue = { from: '', to: '' };

export interface Holder extends ClaimValue {
  owner: string;
  claimedAt: string;
}

export interface ClaimRegisterState {
  register: string | null;
  holders: ReadonlyMap<string, Holder>;
}

export type ClaimCommand =
  | {
      type: 'Claim';
      register: string;
      owner: string;
      value: ClaimValue;
      claimedAt: string;
      /** Holders in the way that were checked and no longer hold their value (their entity moved on or never came). */
      deadOwners: readonly string[];
    }
  | { type: 'Release'; register: string; owner: string };

export type ClaimError = 'claim_held';

const isKey = (v: ClaimValue) => v.from === '' && v.to === '';

/** Two values of one register clash: any two keys, or ranges that share a number. */
export function clash(a: ClaimValue, b: ClaimValue): boolean {
  if (isKey(a) || isKey(b)) return true;
  return BigInt(a.from) <= BigInt(b.to) && BigInt(b.from) <= BigInt(a.to);
}

/** The other holders whose values clash with `value` (to be checked for liveness before a claim). */
export function clashingHolders(state: ClaimRegisterState, owner: string, value: ClaimValue): Holder[] {
  return [...state.holders.values()].filter((h) => h.owner !== owner && clash(h, value));
}

export const claimRegisterDecider: Decider<ClaimCommand, ClaimEvent, ClaimRegisterState, ClaimError> = {
  eventTypes: { ClaimRegistered: true, ClaimReleased: true },
  initialState: () => ({ register: null, holders: new Map() }),
  evolve: (state, event) => {
    // A register holds a handful of holders: copying the map is cheap.
    const holders = new Map(state.holders);
    if (event.type === 'ClaimReleased') holders.delete(event.data.owner);
    else holders.set(event.data.owner, { owner: event.data.owner, from: event.data.from, to: event.data.to, claimedAt: event.data.claimedAt });
    return { register: event.data.register, holders };
  },
  decide: (command, state) => {
    const held = state.holders.get(command.owner);
    if (command.type === 'Release') {
      return held ? accept({ type: 'ClaimReleased', data: { register: command.register, owner: command.owner } }) : accept();
    }
    if (held && held.from === command.value.from && held.to === command.value.to) return accept();
    const dead = new Set(command.deadOwners);
    const clashing = clashingHolders(state, command.owner, command.value);
    if (clashing.some((h) => !dead.has(h.owner))) return reject('claim_held');
    return accept(
      ...clashing.map((h): ClaimEvent => ({ type: 'ClaimReleased', data: { register: command.register, owner: h.owner } })),
      { type: 'ClaimRegistered', data: { register: command.register, owner: command.owner, ...command.value, claimedAt: command.claimedAt } },
    );
  },
};
