import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseStoredFiscalYear } from '../fiscalYear/fiscalYear';
import { useWorkspace } from './WorkspaceProvider';

/** The search parameter a link sets to open a page on a fiscal year (`?fiscalYear=2024`). */
export const FISCAL_YEAR_PARAM = 'fiscalYear';

/**
 * A page opened by a link that names a fiscal year (the comparison's "lines" of year B) shows that
 * year: it becomes the header's year, as if picked there, so the header and the page agree, and
 * the parameter leaves the address (the header's choice rules from then on). A value that is no
 * plausible year is dropped.
 */
export function useFiscalYearFromUrl(): void {
  const [params, setParams] = useSearchParams();
  const { fiscalYear, setFiscalYear } = useWorkspace();
  const raw = params.get(FISCAL_YEAR_PARAM);
  const wanted = parseStoredFiscalYear(raw);
  useEffect(() => {
    if (raw === null) return;
    if (wanted !== null && wanted !== fiscalYear) {
      setFiscalYear(wanted);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(FISCAL_YEAR_PARAM);
    setParams(next, { replace: true });
  }, [raw, wanted, fiscalYear, setFiscalYear, params, setParams]);
}
