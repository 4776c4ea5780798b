import { CurrencyRateAdded, CurrencyRateChanged, CurrencyRateRemoved, FiscalYearStartMonthSet } from './settings';
import {
  CompanyRegistered,
  CompanySectionCreated,
  TenantCreated,
  UserPreferencesChanged,
  UserRegistered,
  UserEmailClaimed,
  CompanySectionUpdated,
  CompanySectionDeleted,
  CompanyRegionChanged,
  CompanyConsolidationChanged,
} from './organization';
import type { EventContract } from './defineEvent';
import type { z } from 'zod';

export * from './defineEvent';
export * from './settings';
export * from './organization';

/** Every event type the product writes, by name: used to validate data before it is appended. */
export const eventContracts: ReadonlyMap<string, EventContract<string, z.ZodType>> = new Map(
  [
    FiscalYearStartMonthSet,
    CurrencyRateAdded,
    CurrencyRateChanged,
    CurrencyRateRemoved,
    TenantCreated,
    CompanyRegistered,
    CompanySectionCreated,
    UserRegistered,
    UserPreferencesChanged,
    UserEmailClaimed,
    CompanySectionUpdated,
    CompanySectionDeleted,
    CompanyRegionChanged,
    CompanyConsolidationChanged,
  ].map((c) => [c.type, c as EventContract<string, z.ZodType>]),
);
