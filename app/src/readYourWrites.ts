import type { Knex } from 'knex';
import type { LogPosition } from '@ghg/events';

/**
 * For a command-api running apart from the projector: wait until every projection's checkpoint
 * has passed the position, polling, at most timeoutMs. A slow projector delays the answer a
 * little; it never fails the command, which is already stored. Projections marked failed
 * (projection_failures) are left out: they are halted and will not get there, so waiting for
 * them would only make every command take the whole timeout.
 */
export function pollProjectionCheckpoints(knex: Knex, timeoutMs = 2000, intervalMs = 15) {
  return async (position: LogPosition): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const row = await knex('projection_checkpoints')
        .whereNotIn('name', knex('projection_failures').select('name'))
        .min('commit_position as min')
        .first();
      if (row?.min == null || BigInt(row.min) >= position.commit) return;
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  };
}
