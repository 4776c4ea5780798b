import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';

export const FiscalYearStartMonthSet = defineEvent(
  'FiscalYearStartMonthSet',
  1,
  z.object({
    companyId: z.string(),
    fiscalYearId: z.string(),
    startMonth: z.number().int().min(1).max(12),
  }),
);

const currencyRate = z.object({
  id: z.string(),
  companyId: z.string(),
  fiscalYear: z.number().int(),
  currencyUnit: z.string(),
  /** Yen per one unit of the currency. */
  rate: z.number().positive(),
});

export const CurrencyRateAdded = defineEvent('CurrencyRateAdded', 1, currencyRate);
export const CurrencyRateChanged = defineEvent('CurrencyRateChanged', 1, currencyRate);
export const CurrencyRateRemoved = defineEvent(
  'CurrencyRateRemoved',
  1,
  z.object({ id: z.string(), companyId: z.string() }),
);

/** Every settings event contract, for the registry in ./index.ts. */
export const settingsContracts = [FiscalYearStartMonthSet, CurrencyRateAdded, CurrencyRateChanged, CurrencyRateRemoved];

export type FiscalYearEvent = DomainEventOf<typeof FiscalYearStartMonthSet>;
export type CurrencyRateEvent =
  | DomainEventOf<typeof CurrencyRateAdded>
  | DomainEventOf<typeof CurrencyRateChanged>
  | DomainEventOf<typeof CurrencyRateRemoved>;
