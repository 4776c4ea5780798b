import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '@ghg/events';
import { createInMemoryChangeBus } from './inMemoryChangeBus';

const notice = (id: string): ChangeNotice => ({ topic: 'settings/currency', companyId: 'c1', tenantId: 't1', ids: [id], position: '1/1' });

/** Just enough of a knex transaction for the bus: it only waits for the outcome. */
function fakeTransaction() {
  let commit!: () => void;
  let rollback!: () => void;
  const executionPromise = new Promise<void>((resolve, reject) => ((commit = resolve), (rollback = () => reject(new Error('rolled back')))));
  const trx = Object.assign(() => {}, { isTransaction: true, executionPromise }) as unknown as Knex.Transaction;
  return { trx, commit, rollback };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('in-memory change bus', () => {
  it('fans out synchronously, in publish order, to every subscriber until it unsubscribes', async () => {
    const bus = createInMemoryChangeBus();
    const a: string[] = [];
    const b: string[] = [];
    bus.subscribe((ns) => a.push(...ns.map((n) => n.ids[0]!)));
    const stopB = bus.subscribe((ns) => b.push(...ns.map((n) => n.ids[0]!)));
    void bus.publish([notice('1'), notice('2')]);
    expect(a).toEqual(['1', '2']); // before any await: synchronous
    stopB();
    await bus.publish([notice('3')]);
    expect(a).toEqual(['1', '2', '3']);
    expect(b).toEqual(['1', '2']);
  });

  it('keeps delivering when one listener throws', async () => {
    const bus = createInMemoryChangeBus();
    const got: number[] = [];
    const error = console.error;
    console.error = () => {};
    try {
      bus.subscribe(() => {
        throw new Error('socket closed');
      });
      bus.subscribe((ns) => got.push(ns.length));
      await bus.publish([notice('1')]);
    } finally {
      console.error = error;
    }
    expect(got).toEqual([1]);
  });

  it('delivers notices published through a transaction only after it commits', async () => {
    const bus = createInMemoryChangeBus();
    const got: string[] = [];
    bus.subscribe((ns) => got.push(...ns.map((n) => n.ids[0]!)));
    const committed = fakeTransaction();
    const rolledBack = fakeTransaction();
    await bus.publish([notice('kept')], committed.trx);
    await bus.publish([notice('dropped')], rolledBack.trx);
    expect(got).toEqual([]);
    committed.commit();
    rolledBack.rollback();
    await tick();
    expect(got).toEqual(['kept']);
  });

  it('ignores empty publications and everything after close', async () => {
    const bus = createInMemoryChangeBus();
    let calls = 0;
    bus.subscribe(() => calls++);
    await bus.publish([]);
    await bus.close();
    await bus.publish([notice('1')]);
    expect(calls).toBe(0);
  });
});
