import { z } from 'zod';
import { defineEvent, type DomainEventOf } from './defineEvent';
import { idText, shortText } from './bounds';

/**
 * Claim registers: a rule that spans entities of a company (one currency rate per fiscal year and
 * currency, one flag per name, credit serial ranges that do not overlap) is kept in a small
 * register stream of its own, so each entity keeps its own stream and a command never reads the
 * company's whole history. An entity claims a value before it appends the event that takes it, and
 * releases it after the event that gives it up. Not audited: the entities' own events are the trail.
 */
export const ClaimRegistered = defineEvent(
  'ClaimRegistered',
  1,
  z.object({
    /** The register's stream id (`claims-…`, a hash of what it guards). */
    register: idText(),
    /** The stream of the entity that holds the value. */
    owner: idText(),
    /** '' and '' for a key register (the register is the key); else an inclusive range of serial numbers in decimal digits. */
    from: shortText(),
    to: shortText(),
    /** When it was claimed (ISO time): a claim whose entity event has not followed yet is young. */
    claimedAt: shortText(),
  }),
);

export const ClaimReleased = defineEvent('ClaimReleased', 1, z.object({ register: idText(), owner: idText() }));

export type ClaimEvent = DomainEventOf<typeof ClaimRegistered> | DomainEventOf<typeof ClaimReleased>;

/** Every claim event contract, for the registry in ./index.ts. */
export const claimContracts = [ClaimRegistered, ClaimReleased];
