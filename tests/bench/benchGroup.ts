import type { ChildServer } from '../integration/childServer';
import { loginOver, send, type JsonAnswer } from '../integration/commandLoad';
import type { LineCompany } from './lineLoad';

/** The group the large-ledger benchmarks seed ((i), (l), (m)): 50 companies, the selected one with 20 sections. */
export const BENCH_COMPANIES = 50;
export const BENCH_SECTIONS = 20;

export interface Api {
  get: (path: string) => Promise<JsonAnswer>;
  post: (path: string, body: unknown) => Promise<JsonAnswer>;
  url: string;
  token: string;
}

export async function apiOf(server: ChildServer): Promise<Api> {
  const token = await loginOver(server.url);
  const ok = async (method: string, path: string, body?: unknown) => {
    const res = await send(server.url, token, method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  };
  return { get: (path) => ok('GET', path), post: (path, body) => ok('POST', path, body), url: server.url, token };
}

/**
 * The group of 50 companies and the selected company's 20 sections, made through the API (new
 * sections under the whole company); the lines' companies: the selected company on its 20 real
 * sections, every other company on 20 section ids of its own (the views measured never name them).
 */
export async function organisation(api: Api): Promise<LineCompany[]> {
  const me = (await api.get('/api/auth-user')).user as { selectedCompanyId: string; tenantId: string };
  const listSections = async () => (await api.get('/api/company-section')).companySections as { id: string; name: string; parentSectionId?: string | null; depth: number }[];
  let sections = await listSections();
  const whole = sections.find((s) => s.depth === 0)!;
  for (let i = sections.length; i < BENCH_SECTIONS; i++) await api.post('/api/company-section', { section: { name: `ベンチ部門${i + 1}`, parentSection: whole.id } });
  sections = await listSections();
  const region = ((await api.get('/api/regions')).regions as string[])[0]!;
  const existing = ((await api.get('/api/companies')).companies as { id: string }[]).length;
  for (let i = existing; i < BENCH_COMPANIES; i++) await api.post('/api/company', { name: `ベンチ会社${String(i + 1).padStart(2, '0')}`, region });
  const companyIds = ((await api.get('/api/companies')).companies as { id: string }[]).map((c) => c.id).filter((id) => id !== me.selectedCompanyId);
  const selected = { companyId: me.selectedCompanyId, tenantId: me.tenantId, sectionIds: sections.slice(0, BENCH_SECTIONS).map((s) => s.id) };
  const others = companyIds.slice(0, BENCH_COMPANIES - 1).map((companyId, c) => ({ companyId, tenantId: me.tenantId, sectionIds: Array.from({ length: BENCH_SECTIONS }, (_, s) => `bench-section-${c + 1}-${s + 1}`) }));
  return [selected, ...others];
}
