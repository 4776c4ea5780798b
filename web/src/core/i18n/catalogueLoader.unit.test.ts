import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogues } from '@ghg/locales';
import { japaneseCatalogue, loadCatalogue, loadedCatalogue } from './catalogueLoader';

describe('the web app loads a language when it is shown', () => {
  it('given the fragments found by name, when merged, then each language equals the package catalogue', async () => {
    expect(japaneseCatalogue).toEqual(catalogues.ja);
    expect(loadedCatalogue('en')).toBeUndefined();
    expect(await loadCatalogue('en')).toEqual(catalogues.en);
    expect(await loadCatalogue('zhHans')).toEqual(catalogues.zhHans);
    // Loaded once: the same object again.
    expect(loadedCatalogue('en')).toBe(await loadCatalogue('en'));
  });

  it("keeps the package entry (all three catalogues) out of the app's code: '@ghg/locales' for types only", () => {
    const src = new URL('../..', import.meta.url).pathname;
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) return files(path);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
      });
    const offenders = files(src).filter((f) => /^import (?!type )[^;]*from '@ghg\/locales';/m.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
