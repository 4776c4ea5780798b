import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, fragments } from './index';

/** The catalogue is the fragments listed in index.ts: a folder left out of that list would never be loaded. */
const featuresDir = new URL('./features/', import.meta.url);
const folders = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('catalogue fragments', () => {
  it('registers every folder under features/ once, by its folder name, and nothing else', () => {
    expect(folders.length).toBeGreaterThan(0);
    expect(Object.keys(fragments).filter((name) => name !== 'core').sort()).toEqual(folders);
  });

  it('has every language in every folder', () => {
    for (const folder of ['core', ...folders.map((f) => `features/${f}`)]) {
      for (const file of ['index.ts', ...LOCALES.map((locale) => `${locale}.json`)]) {
        expect(existsSync(new URL(`./${folder}/${file}`, import.meta.url)), `${folder}/${file}`).toBe(true);
      }
    }
  });
});
