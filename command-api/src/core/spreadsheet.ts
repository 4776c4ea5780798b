import type { Knex } from 'knex';
import { catalogues, isLocale, type Locale, type MessageId } from '@ghg/locales';

/** The caller's saved language (Japanese when none), for the headings of the files it downloads. */
export async function userLocale(knex: Knex, userId: string): Promise<Locale> {
  const user: { language: string | null } | undefined = await knex('users').where({ id: userId }).first('language');
  return isLocale(user?.language) ? user.language : 'ja';
}

/** A message of the language by id (the id itself when the catalogue lacks it). */
export const messagesOf =
  (locale: Locale) =>
  (id: string): string =>
    catalogues[locale][id as MessageId] ?? id;

/** An Excel sheet name: at most 31 characters, none of []:*?/\ (the format's rules), unique in the book. */
export function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31).trim() || 'Sheet';
  let candidate = base;
  for (let i = 2; taken.has(candidate); i++) candidate = `${base.slice(0, 28)} ${i}`;
  taken.add(candidate);
  return candidate;
}
