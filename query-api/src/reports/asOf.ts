import type { Knex } from 'knex';
import { Refusal } from '@ghg/api';
import { AsOfAheadError, resolveAsOf } from '@ghg/projector';

/** The commit position an `asOf` names (absent: now); one the temporal ledger does not reflect yet is refused with 409 `as_of_ahead`. */
export async function asOfPosition(knex: Knex, companyId: string | null, asOf: string | undefined): Promise<bigint> {
  try {
    return await resolveAsOf(knex, companyId, asOf);
  } catch (error) {
    if (error instanceof AsOfAheadError) throw new Refusal('as_of_ahead');
    throw error;
  }
}
