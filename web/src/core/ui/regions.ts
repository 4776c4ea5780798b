import type { MessageId } from '@ghg/locales';

/** Regions of the product (spec 001 §9), as the server stores them. */
const regionName: Record<string, MessageId> = {
  Japan: 'region.Japan',
  US: 'region.US',
  China: 'region.China',
  UK: 'region.UK',
  India: 'region.India',
  Canada: 'region.Canada',
  Korea: 'region.Korea',
};

export const regionMessage = (region: string): MessageId | undefined => regionName[region];

/** Every region, in the server's order. */
export const REGIONS: readonly string[] = Object.keys(regionName);
