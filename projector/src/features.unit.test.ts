import { readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsOf, type ProjectorFeature } from './core/feature';
import type { Projection } from './core/projection';
import { allProjections, migrations, projectorFeatures } from './features';

const src = new URL('.', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : files(path);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** Migration files are named after the migration: NNNN_name.ts. */
const migrationFiles = files(src).filter((f) => /^\d{4}_\w+\.ts$/.test(basename(f)));

/** The migrations that have shipped, in the order databases ran them: never renamed, reordered or dropped. */
const SHIPPED = [
  '0001_core',
  '0002_organization',
  '0003_settings',
  '0004_audit',
  '0005_targets',
  '0006_groupFlagsIntensity',
  '0007_calculation',
  '0008_boundedColumns',
  '0009_projectionFailures',
  '0010_deferredUniques',
];

const isProjection = (value: unknown): value is Projection =>
  typeof value === 'object' && value !== null && 'name' in value && 'tables' in value && 'handles' in value && 'apply' in value;

describe('projector features', () => {
  it('register every migration file, each by one feature, under its file name', () => {
    const registered = projectorFeatures.flatMap((f) => f.migrations.map((m) => m.name));
    expect(migrationFiles.length).toBeGreaterThanOrEqual(SHIPPED.length);
    expect(registered.sort()).toEqual(migrationFiles.map((f) => basename(f, '.ts')).sort());
  });

  it('run the shipped migrations first, in their order, and number every migration once', () => {
    const names = migrations.map((m) => m.name);
    expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
    const numbers = names.map((n) => n.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('refuse a migration two features register', () => {
    const [first] = migrations;
    const twice: ProjectorFeature[] = [
      { name: 'a', projections: [], migrations: [first!] },
      { name: 'b', projections: [], migrations: [first!] },
    ];
    expect(() => migrationsOf(twice)).toThrow(/0001_core is registered twice \(by a and b\)/);
  });

  it('register every projection a module defines, once, under a unique name', async () => {
    const defined: string[] = [];
    for (const file of files(src).filter((f) => !relative(src, f).startsWith('core/'))) {
      const exports: Record<string, unknown> = await import(file);
      for (const value of Object.values(exports)) if (isProjection(value)) defined.push(value.name);
    }
    const names = allProjections.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...new Set(defined)].sort()).toEqual([...names].sort());
  });
});
