import type { regions } from '@ghg/events';
import type { MessageId } from '@ghg/locales';

/** Regions of the product (`regions` of @ghg/events, in its order), as the server stores them. */
const regionName: Record<(typeof regions)[number], MessageId> = {
  Japan: 'region.Japan',
  US: 'region.US',
  China: 'region.China',
  UK: 'region.UK',
  India: 'region.India',
  Canada: 'region.Canada',
  Korea: 'region.Korea',
};

const byRegion: Readonly<Record<string, MessageId | undefined>> = regionName;

export const regionMessage = (region: string): MessageId | undefined => byRegion[region];

/** Every region, in the server's order. */
export const REGIONS: readonly string[] = Object.keys(regionName);
