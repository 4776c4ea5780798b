import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountRoutes } from '@ghg/api';
import { call } from '../api/call';
import { authUserQuery, authorizedSectionsQuery, companiesQuery, fiscalYearQuery } from '../api/queries';
import type { AuthUser, Company, CompanySection, FiscalYearSetting } from '../api/types';
import { local } from '../auth/storageKeys';
import { useUser } from '../auth/SessionProvider';
import { DEFAULT_START_MONTH, defaultFiscalYear } from '../fiscalYear/fiscalYear';
import {
  readSelectedCompanySection,
  readSelectedFiscalYear,
  resolveCompanySection,
  writeSelectedCompanySection,
  writeSelectedFiscalYear,
} from './selection';

interface WorkspaceValue {
  companyId: string;
  company: Company | undefined;
  companies: Company[];
  isAllCompany: boolean;
  switchCompany: (companyId: string) => Promise<void>;
  switchingCompany: boolean;
  fiscalYearSetting: FiscalYearSetting | undefined;
  startMonth: number;
  /** The fiscal year the screens show; persisted, else the default for today and the start month. */
  fiscalYear: number;
  currentFiscalYear: number;
  setFiscalYear: (year: number) => void;
  /** Sections the user may see, in tree order (depth for indentation). */
  sections: CompanySection[];
  /** The selected section; null means every section the user may see. Persisted per company. */
  companySectionId: string | null;
  companySection: CompanySection | undefined;
  setCompanySectionId: (sectionId: string | null) => void;
}

const WorkspaceContext = createContext<WorkspaceValue | null>(null);

/** One empty list while the companies load, so the context value does not change every render. */
const NO_COMPANIES: Company[] = [];

/** What the logged-in user is working on: company, fiscal year and company section. */
export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const user = useUser();
  const queryClient = useQueryClient();
  const companyId = user.selectedCompanyId;
  const companies = useQuery(companiesQuery);
  const fiscal = useQuery(fiscalYearQuery(companyId));
  const startMonth = fiscal.data?.startMonth ?? DEFAULT_START_MONTH;
  const currentFiscalYear = defaultFiscalYear(new Date(), startMonth);

  const [storedYear, setStoredYear] = useState<number | null>(() => readSelectedFiscalYear(local));
  const setFiscalYear = useCallback((year: number) => {
    writeSelectedFiscalYear(local, year);
    setStoredYear(year);
  }, []);

  // The section chosen here (written to storage too) wins over what storage held for the company.
  const [chosenSection, setChosenSection] = useState<{ companyId: string; sectionId: string | null } | null>(null);
  const sectionsQuery = useQuery(authorizedSectionsQuery(companyId));
  const savedSection = useMemo(() => readSelectedCompanySection(local, companyId), [companyId]);
  const storedSection = chosenSection?.companyId === companyId ? chosenSection.sectionId : savedSection;
  const companySectionId = resolveCompanySection(storedSection, sectionsQuery.data, user);
  const setCompanySectionId = useCallback(
    (sectionId: string | null) => {
      writeSelectedCompanySection(local, companyId, sectionId);
      setChosenSection({ companyId, sectionId });
    },
    [companyId],
  );

  const switchMutation = useMutation({
    mutationFn: (id: string) => call(accountRoutes.updateUser, { body: { user: { selectedCompanyId: id } } }),
    onSuccess: async ({ user: changed }, id) => {
      queryClient.setQueryData<AuthUser>(authUserQuery.queryKey, (old) => (old ? { ...old, ...changed, selectedCompanyId: id } : old));
      await queryClient.invalidateQueries();
    },
  });
  const switchCompany = useCallback(async (id: string) => void (await switchMutation.mutateAsync(id)), [switchMutation]);

  const list = companies.data?.companies ?? NO_COMPANIES;
  const value = useMemo<WorkspaceValue>(
    () => ({
      companyId,
      company: list.find((c) => c.id === companyId),
      companies: list,
      isAllCompany: companies.data?.isAllCompany ?? false,
      switchCompany,
      switchingCompany: switchMutation.isPending,
      fiscalYearSetting: fiscal.data,
      startMonth,
      fiscalYear: storedYear ?? currentFiscalYear,
      currentFiscalYear,
      setFiscalYear,
      sections: sectionsQuery.data ?? [],
      companySectionId,
      companySection: sectionsQuery.data?.find((x) => x.id === companySectionId),
      setCompanySectionId,
    }),
    [companyId, list, companies.data, switchCompany, switchMutation.isPending, fiscal.data, startMonth, storedYear, currentFiscalYear, setFiscalYear, companySectionId, sectionsQuery.data, setCompanySectionId],
  );
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): WorkspaceValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace outside WorkspaceProvider');
  return value;
}
