import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyWebFeature } from '../core/features/manifest';
import { routeTable } from '../core/router/routeTable';
import { webFeatures } from './index';

const featuresDir = new URL('.', import.meta.url).pathname;

function manifests(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? manifests(path) : entry.name === 'manifest.ts' ? [path] : [];
  });
}

const isFeature = (value: unknown): value is AnyWebFeature => typeof value === 'object' && value !== null && 'name' in value && 'routes' in value;

describe('web features', () => {
  it('lists every manifest under features/, once, named after its folder', async () => {
    const files = manifests(featuresDir);
    expect(files.length).toBeGreaterThan(10);
    const found: AnyWebFeature[] = [];
    for (const file of files) {
      const exports: Record<string, unknown> = await import(file);
      const defined = Object.values(exports).filter(isFeature);
      expect(defined, file).toHaveLength(1);
      expect(defined[0]!.name, file).toBe(relative(featuresDir, dirname(file)));
      found.push(defined[0]!);
    }
    expect(new Set(webFeatures).size).toBe(webFeatures.length);
    expect(found.filter((f) => !(webFeatures as readonly AnyWebFeature[]).includes(f)).map((f) => f.name)).toEqual([]);
    expect(webFeatures.length).toBe(found.length);
  });

  it('orders the side navigation and the settings index without ties', () => {
    const navSlots = routeTable.flatMap((r) => (r.nav ? [`${r.group} ${r.nav.individualType ?? 'any'} ${r.nav.order}`] : []));
    expect(navSlots.filter((slot, i) => navSlots.indexOf(slot) !== i)).toEqual([]);
    const indexSlots = routeTable.flatMap((r) => (r.settingsIndex ? [`${r.settingsIndex.section} ${r.settingsIndex.order}`] : []));
    expect(indexSlots.filter((slot, i) => indexSlots.indexOf(slot) !== i)).toEqual([]);
  });

  it('gives each built screen its own loader', () => {
    const screens = routeTable.flatMap((r) => (r.screen ? [r.screen] : []));
    expect(screens.length).toBeGreaterThan(20);
    expect(new Set(screens).size).toBe(screens.length);
  });
});
