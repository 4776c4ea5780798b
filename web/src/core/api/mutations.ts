import { useQueryClient } from '@tanstack/react-query';

/**
 * After a change: refetch the queries under these key prefixes and the audit log (every change
 * is an audit entry). A feature's prefix is its live topic, e.g. `settings/offset`.
 */
export function useInvalidate(...prefixes: string[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const prefix of [...prefixes, 'auditlog']) void queryClient.invalidateQueries({ queryKey: [prefix] });
  };
}

/**
 * What a save sends besides the form: nothing for a new entity; for a changed one its id and the
 * version the user saw, so a change by someone else in between is a 409, not a lost update.
 */
export const editOf = (entity: { id: string; version: number } | null | undefined) => (entity ? { id: entity.id, expectedVersion: entity.version } : {});
