import { mergeFragments } from '@ghg/locales/meta';
import { byFile } from './byFile';

/** English: every catalogue fragment's en.json, merged; one chunk of its own, loaded when shown (catalogueLoader.ts). */
export default mergeFragments(byFile(import.meta.glob<Record<string, string>>('../../../../../locales/src/**/en.json', { eager: true, import: 'default' })));
