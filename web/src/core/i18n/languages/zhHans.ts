import { mergeFragments } from '@ghg/locales/meta';
import { byFile } from './byFile';

/** Simplified Chinese: every catalogue fragment's zhHans.json, merged; one chunk of its own, loaded when shown (catalogueLoader.ts). */
export default mergeFragments(byFile(import.meta.glob<Record<string, string>>('../../../../../locales/src/**/zhHans.json', { eager: true, import: 'default' })));
