import { describe, expect, it } from 'vitest';
import { parseRebuildArgs, rebuildUsage } from './rebuildCli';

const known = ['settings/currency', 'settings/fiscalYear', 'audit/log'];

describe('parseRebuildArgs', () => {
  it('accepts projection names, once each', () => {
    expect(parseRebuildArgs(['settings/currency', 'audit/log', 'audit/log'], known)).toEqual({
      kind: 'run',
      names: ['settings/currency', 'audit/log'],
    });
  });

  it('accepts --all and a batch size', () => {
    expect(parseRebuildArgs(['--all', '--batch-size', '500'], known)).toEqual({ kind: 'run', names: 'all', batchSize: 500 });
    expect(parseRebuildArgs(['--batch-size=20', 'audit/log'], known)).toEqual({ kind: 'run', names: ['audit/log'], batchSize: 20 });
  });

  it('names the unknown projections', () => {
    expect(parseRebuildArgs(['settings/currency', 'nope', 'nada'], known)).toEqual({ kind: 'error', message: 'Unknown projections: nope, nada' });
  });

  it('refuses nothing, both forms, bad options and bad sizes', () => {
    expect(parseRebuildArgs([], known)).toMatchObject({ kind: 'error', message: /at least one projection/ });
    expect(parseRebuildArgs(['--all', 'audit/log'], known)).toMatchObject({ kind: 'error', message: /not both/ });
    expect(parseRebuildArgs(['--everything'], known)).toMatchObject({ kind: 'error', message: 'Unknown option --everything' });
    expect(parseRebuildArgs(['--all', '--batch-size', '0'], known)).toMatchObject({ kind: 'error', message: /positive whole number/ });
    expect(parseRebuildArgs(['--all', '--batch-size'], known)).toMatchObject({ kind: 'error', message: /got nothing/ });
  });

  it('answers --help, and the usage lists the known projections', () => {
    expect(parseRebuildArgs(['audit/log', '--help'], known)).toEqual({ kind: 'help' });
    expect(rebuildUsage(known)).toContain('Projections: settings/currency, settings/fiscalYear, audit/log');
  });
});
