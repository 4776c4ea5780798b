/**
 * Every user-facing text of the engine (formula descriptions, field labels, factor and unit names)
 * exists in the three interface languages. Japanese is the default; English and Simplified Chinese
 * (`zhHans`) are complete translations, never fall-backs.
 */
export interface Labels {
  readonly ja: string;
  readonly en: string;
  readonly zhHans: string;
}

export type Language = keyof Labels;

export const labels = (ja: string, en: string, zhHans: string): Labels => ({ ja, en, zhHans });
