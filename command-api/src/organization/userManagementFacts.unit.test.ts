import { describe, expect, it } from 'vitest';
import { serialPerTenant } from './userManagementFacts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('serialPerTenant', () => {
  it("runs one tenant's changes one after the other, other tenants' meanwhile, and goes on after a failure", async () => {
    const serially = serialPerTenant();
    const log: string[] = [];
    const step = (name: string, fail = false) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([serially('t1', step('a', true)), serially('t1', step('b')), serially('t2', step('c'))]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('b start')).toBeGreaterThan(log.indexOf('a end'));
    expect(log.indexOf('c start')).toBeLessThan(log.indexOf('a end'));
  });
});
