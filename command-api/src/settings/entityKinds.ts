import {
  currencyRateClaims,
  currencyRatesDecider,
  groupFlagClaims,
  groupFlagsDecider,
  intensitiesDecider,
  intensityClaims,
  managementIntensitiesDecider,
  managementIntensityClaims,
  nonFossilCertificatesDecider,
  offsetClaims,
  offsetsDecider,
} from '@ghg/domain';

/**
 * The settings entities that live one per stream, with what each holds in its company's
 * claim registers and the refusal when another holds it. The routes, the demo seed and the stream
 * migration all use these, so the rules are the same wherever an entity is written.
 */
export const currencyRateKind = (companyId: string) => ({ decider: currencyRatesDecider, claimsOf: currencyRateClaims(companyId), heldBy: 'currency_rate_exists' as const });
export const offsetKind = (companyId: string) => ({ decider: offsetsDecider, claimsOf: offsetClaims(companyId), heldBy: 'offset_serial_overlap' as const });
export const nonFossilCertificateKind = (_companyId: string) => ({ decider: nonFossilCertificatesDecider });
export const groupFlagKind = (companyId: string) => ({ decider: groupFlagsDecider, claimsOf: groupFlagClaims(companyId), heldBy: 'group_flag_exists' as const });
export const intensityKind = (companyId: string) => ({ decider: intensitiesDecider, claimsOf: intensityClaims(companyId), heldBy: 'intensity_exists' as const });
export const managementIntensityKind = (companyId: string) => ({
  decider: managementIntensitiesDecider,
  claimsOf: managementIntensityClaims(companyId),
  heldBy: 'management_intensity_exists' as const,
});
