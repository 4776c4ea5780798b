import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { idText, isoDate, shortText } from './bounds';
import { roles } from './organization';

/**
 * Personal API tokens (issue 16 §6): created and revoked by an administrator, each acting with one
 * role in one company on behalf of the administrator who created it. Only the SHA-256 of the
 * secret is recorded; the token itself is shown once. Stream `apiToken-<tokenId>`, one per token.
 */
export const ApiTokenCreated = defineEvent(
  'ApiTokenCreated',
  1,
  z.object({
    tokenId: idText(),
    tenantId: idText(),
    companyId: idText(),
    name: shortText().min(1),
    role: z.enum(roles),
    /** The administrator the token acts for: it stops working when they are deactivated. */
    createdBy: idText(),
    /** SHA-256 of the token's secret part, lowercase hex. */
    secretSha256: z.string().length(64).regex(/^[0-9a-f]{64}$/),
    /** Last day the token works (inclusive, UTC); null: until revoked. */
    expiresOn: isoDate().nullable(),
  }),
);

export const ApiTokenRevoked = defineEvent('ApiTokenRevoked', 1, z.object({ tokenId: idText(), companyId: idText() }));

export type ApiTokenEvent = DomainEventOf<typeof ApiTokenCreated> | DomainEventOf<typeof ApiTokenRevoked>;

/** Every API-token event contract, for the registry in ./index.ts. */
export const apiTokenContracts = [ApiTokenCreated, ApiTokenRevoked];
