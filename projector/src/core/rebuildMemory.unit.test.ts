import { describe, expect, it } from 'vitest';
import { RebuildMemory } from './rebuildMemory';

describe('RebuildMemory', () => {
  it('given values kept by two projections, when read back, then each sees only its own', () => {
    const memory = new RebuildMemory();
    memory.of<number>('audit').set('a', 1);
    memory.of<number>('other').set('a', 2);
    expect(memory.of<number>('audit').get('a')).toBe(1);
    expect(memory.of<number>('other').get('a')).toBe(2);
  });

  it('given a snapshot, when values change and the snapshot is restored, then the old values are back', () => {
    const memory = new RebuildMemory();
    memory.of<string>('audit').set('k', 'before');
    const saved = memory.snapshot();
    memory.of<string>('audit').set('k', 'after');
    memory.of<string>('audit').set('new', 'x');
    memory.of<string>('late').set('y', 'z');
    memory.restore(saved);
    expect([...memory.of<string>('audit')]).toEqual([['k', 'before']]);
    expect(memory.of<string>('late').size).toBe(0);
  });
});
