import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { importRoutes } from '@ghg/api';
import { call, type Answer, type CallArgs } from '../../core/api/call';
import { useInvalidate } from '../../core/api/mutations';
import { outcomeOfRefusal, type ImportOutcome } from './upload';

/**
 * The linked-data calls. Query-key prefixes are the live topics: 'import/history' (imports, their
 * undo and re-application), 'import/rules', and the records under 'activity/lines' (they are the
 * lines imports recorded: an import, an undo or a line changed by hand refreshes them).
 */
export const HISTORY = 'import/history';
export const RULES = 'import/rules';
export const LINES = 'activity/lines';

export type { ImportOutcome } from './upload';
export type ImportHistoryRow = Answer<typeof importRoutes.history>['imports'][number];
export type ImportedRecord = Answer<typeof importRoutes.records>['records'][number];
export type ImportRule = Answer<typeof importRoutes.rules>['rules'][number];
export type RuleCondition = ImportRule['conditions'][number];
export type RuleBody = CallArgs<typeof importRoutes.saveRule>['body'];
export type Reapplied = Answer<typeof importRoutes.reapply>;
export type ImportSourceType = ImportOutcome['sourceType'];
export type ImportProgress = Answer<typeof importRoutes.progress>;

/** The company's imports, newest first: of one fiscal year, or of all (null). */
export function useImportHistory(companyId: string, fiscalYear: number | null) {
  return useQuery({
    queryKey: [HISTORY, companyId, fiscalYear ?? 'all'],
    queryFn: async ({ signal }) => (await call(importRoutes.history, { query: fiscalYear === null ? {} : { fiscalYear }, signal })).imports,
  });
}

/** One page of the records imported for a fiscal year (of one import, or of all). */
export function useImportRecords(companyId: string, fiscalYear: number, importId: string | null, offset: number, limit: number) {
  return useQuery({
    queryKey: [LINES, companyId, 'importRecords', fiscalYear, importId, offset, limit],
    queryFn: ({ signal }) => call(importRoutes.records, { query: { fiscalYear, importId: importId ?? undefined, offset, limit }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The company's import rules, in the order they are tried. */
export function useImportRules(companyId: string) {
  return useQuery({
    queryKey: [RULES, companyId],
    queryFn: async ({ signal }) => (await call(importRoutes.rules, { signal })).rules,
  });
}

/** Creates a rule (no ruleId, expectedVersion -1) or changes one (its id and the version the user saw). */
export function useSaveRule() {
  const invalidate = useInvalidate(RULES);
  return useMutation({
    mutationFn: async (body: RuleBody) => (await call(importRoutes.saveRule, { body })).rule,
    onSuccess: invalidate,
  });
}

export function useRemoveRule() {
  const invalidate = useInvalidate(RULES);
  return useMutation({
    mutationFn: async (rule: ImportRule) => call(importRoutes.removeRule, { body: { ruleId: rule.ruleId, expectedVersion: rule.version } }),
    onSettled: invalidate,
  });
}

export function useUndoImport() {
  const invalidate = useInvalidate(HISTORY, LINES);
  return useMutation({
    mutationFn: (importId: string) => call(importRoutes.undo, { body: { importId } }),
    onSettled: invalidate,
  });
}

/** Applies the rules as they are now to a past import: a dry run shows before and after, writing nothing. */
export function useReapply() {
  const invalidate = useInvalidate(HISTORY, LINES);
  return useMutation({
    mutationFn: (args: { importId: string; dryRun: boolean }) => call(importRoutes.reapply, { body: args }),
    onSuccess: (_answer, args) => {
      if (!args.dryRun) invalidate();
    },
  });
}

/**
 * Checks a kept upload again (dryRun) or imports it. A file refused for its rows answers 400 with
 * the outcome itself: that outcome is returned, not thrown.
 */
export async function confirmUpload(uploadId: string, dryRun: boolean): Promise<ImportOutcome> {
  try {
    return await call(importRoutes.confirm, { body: { uploadId, dryRun } });
  } catch (error) {
    const outcome = outcomeOfRefusal(error);
    if (outcome) return outcome;
    throw error;
  }
}

/** An upload's progress (bytes, then rows read or written); null when the server no longer knows it. */
export async function progressOf(uploadId: string): Promise<ImportProgress | null> {
  try {
    return await call(importRoutes.progress, { body: { uploadId } });
  } catch {
    return null;
  }
}
