import { lineError } from '../errors';
import type { Env } from '../engine/env';
import { BLEND_BY_ID, validBlend } from '../gwp/blends';
import { GAS_GROUP, GAS_LABELS, groupOfGhgType, isGasId, type GasGroup, type GhgType } from '../gwp/gases';
import type { CalculationSuccess, GasKey, InputValue } from '../types';
import { addGas, step, warn } from './kit';

/** A gas or blend resolved against the batch's GWP set: the parts a mass of it splits into. */
export interface ResolvedGas {
  readonly name: string;
  readonly group: GasGroup | 'mixed' | 'custom';
  readonly parts: readonly { readonly key: GasKey; readonly massFraction: number; readonly gwp: number }[];
  /** GWP of the whole (the mass-weighted sum for blends). */
  readonly gwp: number;
  readonly custom: boolean;
}

const caches = new WeakMap<Env, Map<unknown, ResolvedGas>>();

/**
 * Resolves a GWP field: a gas id ('SF6'), a shipped blend ('R-410A'), a custom blend
 * `{ components: [{ gas, massFraction }] }`, or a gas outside the tables `{ gas, gwp }` (recorded
 * with a custom_gwp warning, since its GWP does not come from the batch's GWP set).
 */
export function resolveGas(env: Env, input: InputValue, field: string): ResolvedGas {
  let cache = caches.get(env);
  if (!cache) caches.set(env, (cache = new Map()));
  const hit = cache.get(input);
  if (hit) return hit;
  const gwpOf = (gas: string) => {
    const v = isGasId(gas) ? env.gwp.values[gas] : undefined;
    return v ? v.value : lineError('gwp_not_found', field, `${gas} in ${env.gwp.id}`);
  };
  let resolved: ResolvedGas;
  if (typeof input === 'string') {
    if (isGasId(input)) {
      resolved = { name: GAS_LABELS[input].en, group: GAS_GROUP[input], parts: [{ key: input, massFraction: 1, gwp: gwpOf(input) }], gwp: gwpOf(input), custom: false };
    } else {
      const blend = BLEND_BY_ID.get(input);
      if (!blend) return lineError('gwp_not_found', field, input);
      resolved = fromComponents(input, blend.components, gwpOf);
    }
  } else if (typeof input === 'object' && input !== null && 'components' in input && Array.isArray(input.components)) {
    const comps = input.components;
    if (!comps.every((c) => isGasId(c?.gas) && typeof c.massFraction === 'number') || !validBlend(comps)) return lineError('invalid_blend', field);
    resolved = fromComponents(typeof input.name === 'string' ? input.name : 'custom blend', comps, gwpOf);
  } else if (typeof input === 'object' && input !== null && 'gas' in input && 'gwp' in input) {
    const g = input as { gas: unknown; gwp: unknown };
    if (typeof g.gas !== 'string' || typeof g.gwp !== 'number' || !(g.gwp >= 0)) return lineError('invalid_input', field);
    if (isGasId(g.gas)) return lineError('invalid_input', field, `${g.gas} has a GWP in ${env.gwp.id}; give it by name`);
    resolved = { name: g.gas, group: 'custom', parts: [{ key: `custom:${g.gas}`, massFraction: 1, gwp: g.gwp }], gwp: g.gwp, custom: true };
  } else {
    return lineError(input === undefined || input === null ? 'missing_input' : 'invalid_input', field);
  }
  if (typeof input !== 'object' || input === null || cache.size < 10_000) cache.set(input, resolved);
  return resolved;
}

function fromComponents(name: string, comps: readonly { gas: string; massFraction: number }[], gwpOf: (g: string) => number): ResolvedGas {
  const parts = comps.map((c) => ({ key: c.gas as GasKey, massFraction: c.massFraction, gwp: gwpOf(c.gas) }));
  const groups = new Set(comps.map((c) => GAS_GROUP[c.gas as keyof typeof GAS_GROUP]));
  return {
    name,
    group: groups.size === 1 ? [...groups][0]! : 'mixed',
    parts,
    gwp: parts.reduce((s, p) => s + p.massFraction * p.gwp, 0),
    custom: false,
  };
}

/** The GHGType chosen must be the group of the gas (a blend of HFCs is 'HFC'). */
export function checkGhgType(type: GhgType, gas: ResolvedGas, field: string): void {
  if (gas.group === 'custom') return;
  if (gas.group !== groupOfGhgType(type)) lineError('gas_type_mismatch', field, `${gas.name} is not ${type}`);
}

/** Adds `kg` of the gas or blend, split into its components, each weighted by its own GWP. */
export function emitGas(r: CalculationSuccess, gas: ResolvedGas, kg: number): void {
  for (const p of gas.parts) addGas(r, p.key, kg * p.massFraction, p.gwp);
  if (gas.custom && !r.warnings.some((w) => w.code === 'custom_gwp')) warn(r, [{ code: 'custom_gwp', detail: `${gas.name}: GWP ${gas.gwp} entered on the line` }]);
  if (r.steps) {
    const terms = gas.parts.map((p) => `${p.massFraction} × ${p.gwp}`).join(' + ');
    step(r, `${gas.name} CO2e`, `${kg} kg × (${terms}) = ${kg} kg × ${gas.gwp}`, kg * gas.gwp, 'kg-CO2e');
  }
}
