import { STORAGE_KEYS, type KeyValueStorage } from '../auth/storageKeys';
import { parseStoredFiscalYear } from '../fiscalYear/fiscalYear';

/**
 * Client-persisted choices: the selected fiscal year and the selected company
 * section survive logout and new sessions. Sections belong to a company, so they are kept per company.
 */
export function readSelectedFiscalYear(storage: KeyValueStorage): number | null {
  return parseStoredFiscalYear(storage.getItem(STORAGE_KEYS.selectedFiscalYear));
}

export function writeSelectedFiscalYear(storage: KeyValueStorage, year: number): void {
  storage.setItem(STORAGE_KEYS.selectedFiscalYear, String(year));
}

function readSections(storage: KeyValueStorage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEYS.selectedCompanySection) ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
    }
  } catch {
    /* a damaged value means "nothing selected" */
  }
  return {};
}

export function readSelectedCompanySection(storage: KeyValueStorage, companyId: string): string | null {
  return readSections(storage)[companyId] ?? null;
}

export function writeSelectedCompanySection(storage: KeyValueStorage, companyId: string, sectionId: string | null): void {
  const all = readSections(storage);
  if (sectionId === null) delete all[companyId];
  else all[companyId] = sectionId;
  storage.setItem(STORAGE_KEYS.selectedCompanySection, JSON.stringify(all));
}

/**
 * The company section to show: the persisted choice while the user may still see it; otherwise
 * everything the user may see (null), or for a section-scoped user their own section.
 */
export function resolveCompanySection(
  stored: string | null,
  authorized: readonly { id: string }[] | undefined,
  user: { scope: 'all' | 'section'; sectionId?: string | null },
): string | null {
  if (!authorized) return stored;
  if (stored !== null && authorized.some((s) => s.id === stored)) return stored;
  if (user.scope === 'section' && user.sectionId && authorized.some((s) => s.id === user.sectionId)) return user.sectionId;
  return null;
}
