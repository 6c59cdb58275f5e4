/**
 * Table ownership (docs/architecture.md, «Puertas y dueños de tablas»): each table belongs to one
 * module, named by the schema file that declares it, and only that module's repository touches it.
 * Another module reads or writes it through the owner's door: a service-level function or a port
 * given at assembly. The shared reference tables (companies, exceptional_schedules, users, sites, groups, group_leaders)
 * are read by any repository.
 *
 * `CROSSINGS` is the burn-down list: every repository that still touches another module's table
 * today, with why. A new crossing fails this test (go through the owner's door instead); a crossing
 * that is gone fails it too, until its line is deleted, so the list only shrinks and stays true.
 *
 * The test reads the source (no database): the tables a repository imports from db/schema, and the
 * table names its SQL templates write out in full (`from marks`, `insert into jobs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const SCHEMA = path.join(SRC, 'db/schema');
const MODULES = path.join(SRC, 'modules');

/** The owner of each schema file's tables: a module of apps/api/src/modules, or `lib/jobs` (the job queue, infrastructure). */
const SCHEMA_OWNERS: Record<string, string> = {
  alerts: 'alerts',
  attendance: 'attendance',
  'auth-audit': 'auth',
  'clock-devices': 'clock-devices',
  companies: 'companies',
  'company-email-confirmations': 'companies',
  'exceptional-schedules': 'companies',
  corrections: 'corrections',
  fingerprint: 'fingerprint',
  'group-leaders': 'groups',
  groups: 'groups',
  holidays: 'holidays',
  inconsistencies: 'inconsistencies',
  inspectors: 'inspectors',
  jobs: 'lib/jobs',
  kiosk: 'kiosk',
  'legal-reports': 'legal-reports',
  'login-throttles': 'auth',
  logins: 'auth',
  marks: 'marks',
  notifications: 'notifications',
  'onboarding-tokens': 'companies',
  overtime: 'overtime',
  'password-resets': 'auth',
  'payroll-periods': 'payroll-periods',
  remunerations: 'remunerations',
  permissions: 'permissions',
  planning: 'planning',
  roster: 'roster',
  sessions: 'auth',
  shifts: 'shifts',
  sites: 'sites',
  'user-invitations': 'users',
  users: 'users',
};

/**
 * Reference data every module reads: who the company is, its people, sites, groups and their leaders, and the
 * exceptional schedules (DT resolutions) its workers are under, which the engines read with each worker.
 */
const SHARED_TABLES = new Set(['companies', 'exceptional_schedules', 'users', 'sites', 'groups', 'group_leaders']);

/** The burn-down list: `<module> → <table>` a repository touches though another module owns it, and why. */
const CROSSINGS: Record<string, string> = {
  'attendance → marks': 'reads the marks it evaluates (the engine input), in one statement with the chain heads',
  'attendance → mark_chain_heads': "reads each worker's chain head to know whether new marks arrived since the stored evaluation",
  'attendance → mark_corrections': 'reads pending corrections to flag the days they touch as inconsistencies',
  'attendance → planning_days': "filters the stored days and the workers by their planned shift (reports' shift filter, the alerts' workers with a shift near)",
  'attendance → shifts': "reads the planned shift's code and name for the stored day and the reports' shift filter",
  'attendance → inconsistency_dismissals': 'leaves out the inconsistencies the inconsistencies module dismissed',
  'clock-devices → mark_attempts': "reads whether a device's line was already logged as an attempt (duplicate uploads)",
  'corrections → marks': 'reads the marks a correction amends and inserts the corrected mark in the same transaction',
  'corrections → mark_attempts': 'reads the refused attempt a correction request starts from',
  'corrections → jobs': 'queues its e-mails and 48-hour deadlines in the transaction that writes the correction',
  'legal-reports → jobs': 'queues the daily report e-mail per company in the statement that claims the day',
  'marks → jobs': 'queues the receipt e-mail in the statement that writes the mark (one hash chain step)',
  'remunerations → payroll_periods': 'closes and reopens payroll months (payroll-periods only checks them)',
  'remunerations → payroll_period_events': 'logs each closing and reopening of a month',
  'remunerations → payroll_period_rows': 'stores the payroll rows frozen when a month closes',
  'reports → marks': "reads the marks of the marks report and of the chain audit (verified with marks' markIntegrity)",
  'reports → mark_chain_heads': "reads each chain's head to verify it through its last mark",
  'reports → mark_chain_audits': "writes the background audit's verdict on each worker's chain",
  'reports → mark_chain_findings': 'writes and reads the broken links the audit found',
  'reports → jobs': 'queues the chain audit once per company that has none pending',
  'users → logins': "writes a user's RUT login with the user (sign-in's look-up) and moves it with a RUT change",
  'users → password_resets': 'creates the set-password links of invitations and of an administrator reset',
  'users → auth_audit': "records a user's e-mail or RUT change in the sign-in audit trail",
};

interface Table {
  id: string;
  name: string;
  owner: string;
}

function schemaTables(): Table[] {
  const tables: Table[] = [];
  for (const file of fs.readdirSync(SCHEMA).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'columns.ts')) {
    const source = fs.readFileSync(path.join(SCHEMA, file), 'utf8');
    const schemaFile = file.replace(/\.ts$/, '');
    for (const match of source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.push({ id: match[1]!, name: match[2]!, owner: SCHEMA_OWNERS[schemaFile] ?? `<no owner: ${schemaFile}.ts>` });
    }
  }
  return tables;
}

interface Repository {
  module: string;
  file: string;
  source: string;
}

function repositories(): Repository[] {
  const found: Repository[] = [];
  for (const module of fs.readdirSync(MODULES)) {
    const dir = path.join(MODULES, module);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.repository.ts'))) {
      found.push({ module, file: `modules/${module}/${file}`, source: fs.readFileSync(path.join(dir, file), 'utf8') });
    }
  }
  return found;
}

const SCHEMA_IMPORT = /import\s+(type\s+)?(\*\s+as\s+\w+|\{[^}]*\})\s+from\s+'(?:\.\.\/)+db\/schema(?:\/[\w-]+)?'/g;

/** The table names a repository touches: its value imports from db/schema, and names written out in its SQL templates. */
function tablesOf(repository: Repository, tables: Table[]): { names: Set<string>; namespaceImport: boolean } {
  const byId = new Map(tables.map((t) => [t.id, t]));
  const byName = new Map(tables.map((t) => [t.name, t]));
  const names = new Set<string>();
  let namespaceImport = false;
  for (const match of repository.source.matchAll(SCHEMA_IMPORT)) {
    if (match[1]) continue; // `import type`: a row type, no table touched.
    if (match[2]!.startsWith('*')) {
      namespaceImport = true;
      continue;
    }
    for (const part of match[2]!.slice(1, -1).split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      const table = byId.get(spec.split(/\s+as\s+/)[0]!);
      if (table) names.add(table.name);
    }
  }
  const code = repository.source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  for (const template of code.matchAll(/`[^`]*`/g)) {
    for (const match of template[0].matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/g)) {
      if (byName.has(match[1]!)) names.add(match[1]!);
    }
  }
  return { names, namespaceImport };
}

describe('table ownership', () => {
  const tables = schemaTables();
  const owners = new Map(tables.map((t) => [t.name, t.owner]));
  const modules = new Set(fs.readdirSync(MODULES).filter((m) => fs.statSync(path.join(MODULES, m)).isDirectory()));
  const repos = repositories();
  const crossings = new Map<string, string[]>();
  const namespaceImports: string[] = [];
  for (const repository of repos) {
    const { names, namespaceImport } = tablesOf(repository, tables);
    if (namespaceImport) namespaceImports.push(repository.file);
    for (const name of names) {
      if (SHARED_TABLES.has(name) || owners.get(name) === repository.module) continue;
      const key = `${repository.module} → ${name}`;
      crossings.set(key, [...(crossings.get(key) ?? []), repository.file]);
    }
  }

  it('finds the schema and the repositories it reads', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect(repos.length).toBeGreaterThan(20);
  });

  it('gives every table an owner that exists', () => {
    const unowned = tables.filter((t) => t.owner !== 'lib/jobs' && !modules.has(t.owner)).map((t) => `${t.name}: ${t.owner}`);
    expect(unowned, 'map the schema file to its module in SCHEMA_OWNERS').toEqual([]);
    expect(Object.keys(SCHEMA_OWNERS).filter((file) => !fs.existsSync(path.join(SCHEMA, `${file}.ts`))), 'SCHEMA_OWNERS names a schema file that is gone').toEqual([]);
  });

  it('imports tables by name, so each use is visible', () => {
    expect(namespaceImports, "import the tables by name from db/schema (not `import * as`)").toEqual([]);
  });

  it("lets a repository touch another module's table only when the burn-down list says why", () => {
    const unlisted = [...crossings].filter(([key]) => !(key in CROSSINGS)).map(([key, files]) => `${key} (${files.join(', ')}; owner: ${owners.get(key.split(' → ')[1]!)})`);
    expect(unlisted, "go through the owner's door (a service function or a port at assembly), or add the crossing to CROSSINGS with its reason").toEqual([]);
  });

  it('keeps the burn-down list true: a crossing that is gone leaves the list', () => {
    const stale = Object.keys(CROSSINGS).filter((key) => !crossings.has(key));
    expect(stale, 'delete these lines from CROSSINGS: the repository no longer touches the table').toEqual([]);
    for (const [key, reason] of Object.entries(CROSSINGS)) expect(reason.trim(), `${key} needs its reason`).not.toBe('');
  });
});
