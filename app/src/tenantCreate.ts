import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { languages, regions, type EventStore, type Language } from '@ghg/events';
import type { Database } from '@ghg/eventstore';
import { MIN_PASSWORD_LENGTH, normaliseEmail } from '@ghg/domain';
import { hashPassword, HttpError, issuePasswordReset, ensureMailOutbox, MAX_PASSWORD_LENGTH, Refusal } from '@ghg/command-api';
import { listeningUrl, loadConfig } from './config';
import { openInfrastructure } from './infrastructure';
import { acquireDataDirLock } from './lockFile';
import { addCompany, checkTenantSetup, createTenant, emailInUse, registerUser, RESERVED_SECTIONS, setupMetadata } from './tenantSetup';

/**
 * `npm run tenant:create -- --name … --company … --region … --admin-email … --admin-name …
 * [--password-stdin]`: a new tenant (corporate group), its first company with the sections 全社 and
 * 指定なし, and a group-wide administrator, without the demo seed. The same events, validated the
 * same way, as the seed and the API write (tenantSetup.ts). Without --password-stdin the
 * administrator gets a one-time password-setting link (one hour), printed and queued in mail_outbox.
 */

export const TENANT_CREATE_USAGE = `Usage: npm run tenant:create -- --name <group name> --company <company name>
         --region <${regions.join('|')}> --admin-email <address> --admin-name <name>
         [--language <${languages.join('|')}>] [--password-stdin]

Creates a tenant (corporate group), its first company (sections 全社 and 指定なし) and a
group-wide administrator. With --password-stdin the administrator's password is read from
standard input (at least ${MIN_PASSWORD_LENGTH} characters); otherwise a one-time link to set it is
printed (valid one hour; also queued in the table mail_outbox).
Uses DATABASE_URL (and EVENTSTORE_URL) when set, else the data folder DATA_DIR (stop the app first).`;

export interface TenantCreateArgs {
  name: string;
  company: string;
  region: string;
  adminEmail: string;
  adminName: string;
  language: Language;
  passwordStdin: boolean;
}

export type ParsedTenantCreateArgs = { kind: 'run'; args: TenantCreateArgs } | { kind: 'help' } | { kind: 'error'; message: string };

export function parseTenantCreateArgs(argv: readonly string[]): ParsedTenantCreateArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        name: { type: 'string' },
        company: { type: 'string' },
        region: { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-name': { type: 'string' },
        language: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const missing = (['name', 'company', 'region', 'admin-email', 'admin-name'] as const).filter((key) => !values[key]?.trim());
  if (missing.length > 0) return { kind: 'error', message: `Missing ${missing.map((m) => `--${m}`).join(', ')}` };
  const language = values.language ?? 'ja';
  if (!(languages as readonly string[]).includes(language)) return { kind: 'error', message: `--language must be one of ${languages.join(', ')}` };
  return {
    kind: 'run',
    args: {
      name: values.name!,
      company: values.company!,
      region: values.region!,
      adminEmail: values['admin-email']!,
      adminName: values['admin-name']!,
      language: language as Language,
      passwordStdin: values['password-stdin'] ?? false,
    },
  };
}

/** The password as piped in: everything up to the end of input, without one final line break. */
export function passwordFromInput(input: string): string {
  return input.replace(/\r?\n$/, '');
}

export interface TenantCreateDeps {
  db: Database;
  eventStore: EventStore;
  jwtSecret: string;
  /** Where browsers open the app: the password-setting link is built on it. */
  publicUrl: string;
  now?: Date;
}

export interface TenantCreated {
  tenantId: string;
  companyId: string;
  adminUserId: string;
  /** The one-time password-setting link, when no password was given. */
  passwordLink: string | null;
}

/**
 * Creates the tenant, its first company and its administrator. Refuses (a Refusal or HttpError with the API's
 * code, nothing appended) an address already in use and any argument the deciders or the event
 * contracts refuse.
 */
export async function createTenantWithAdmin(deps: TenantCreateDeps, args: TenantCreateArgs, password: string | null): Promise<TenantCreated> {
  const now = deps.now ?? new Date();
  const tenantId = randomUUID();
  const meta = setupMetadata(tenantId, `tenant-create-${tenantId}`, now);
  if (password !== null && password.length < MIN_PASSWORD_LENGTH) throw new HttpError(400, 'password_too_short', `the password needs at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password !== null && password.length > MAX_PASSWORD_LENGTH) throw new HttpError(400, 'invalid_args', `the password may have at most ${MAX_PASSWORD_LENGTH} characters`);
  if (await emailInUse(deps.eventStore, args.adminEmail)) throw new HttpError(409, 'user_exists', `an account with the address ${args.adminEmail} already exists`);

  // Nobody knows a password that was not given: the administrator sets theirs through the link.
  const passwordHash = await hashPassword(password ?? randomBytes(32).toString('base64url'));
  const company = { name: args.company, region: args.region, sections: RESERVED_SECTIONS };
  const admin = { email: args.adminEmail, name: args.adminName, role: 'admin' as const, companyIds: [], allCompanies: true, sectionId: null, language: args.language, passwordHash };
  checkTenantSetup({ tenantId, tenantName: args.name, company, admin }, meta);

  await createTenant(deps.eventStore, { tenantId, name: args.name }, meta);
  const { companyId } = await addCompany(deps.eventStore, tenantId, company, meta);
  const adminUserId = await registerUser(deps.eventStore, tenantId, { ...admin, companyIds: [companyId] }, meta);

  let passwordLink: string | null = null;
  if (password === null) {
    await ensureMailOutbox(deps.db.knex);
    await issuePasswordReset(
      { db: deps.db, eventStore: deps.eventStore, jwtSecret: deps.jwtSecret, publicUrl: () => deps.publicUrl, now: () => now },
      { userId: adminUserId, email: normaliseEmail(args.adminEmail), tenantId },
      { info: (fields) => (passwordLink = (fields as { link?: string }).link ?? null) },
      'invite',
    );
  }
  return { tenantId, companyId, adminUserId, passwordLink };
}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (then Enter and Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function describeRefusal(error: unknown): string {
  if (!(error instanceof HttpError || error instanceof Refusal)) return error instanceof Error ? error.message : String(error);
  const fields = error.fields;
  const hint = error.code === 'invalid_region' ? ` (regions: ${regions.join(', ')})` : '';
  return `${error.message} (${error.code}${fields?.length ? `: ${fields.join(', ')}` : ''})${hint}`;
}

/** The command line: returns the exit code (0 done, 1 refused or failed, 2 usage). */
export async function runTenantCreateCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const parsed = parseTenantCreateArgs(argv);
  if (parsed.kind === 'help') {
    process.stdout.write(`${TENANT_CREATE_USAGE}\n`);
    return 0;
  }
  if (parsed.kind === 'error') {
    process.stderr.write(`${parsed.message}\n\n${TENANT_CREATE_USAGE}\n`);
    return 2;
  }
  const { args } = parsed;
  const password = args.passwordStdin ? passwordFromInput(await readStdin()) : null;

  const config = loadConfig(env);
  let release: () => void;
  try {
    release = config.databaseUrl ? () => {} : acquireDataDirLock(config.dataDir);
  } catch (error) {
    process.stderr.write(`Tenant not created: ${describeRefusal(error)}\n`);
    return 1;
  }
  const infra = await openInfrastructure(config);
  try {
    const publicUrl = config.publicUrl ?? listeningUrl(config.host, config.port);
    const created = await createTenantWithAdmin({ db: infra.db, eventStore: infra.eventStore, jwtSecret: infra.jwtSecret, publicUrl }, args, password);
    process.stdout.write(
      [
        `Created tenant "${args.name.trim()}" (${created.tenantId}) in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir} (event log: ${infra.eventStore.kind}),`,
        `its company "${args.company.trim()}" (${created.companyId}, ${args.region}; sections 全社 and 指定なし)`,
        `and its group administrator ${normaliseEmail(args.adminEmail)} (${created.adminUserId}).`,
        created.passwordLink
          ? `Open this link within one hour to set the administrator's password (also queued in mail_outbox):\n${created.passwordLink}\nWhen it has expired, use "forgot password" on the login page.`
          : 'The administrator logs in with the password read from standard input.',
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    process.stderr.write(`Tenant not created: ${describeRefusal(error)}\n`);
    return 1;
  } finally {
    await infra.close();
    release();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  runTenantCreateCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
