import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import rule from './door-exports.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });

// The rule follows a door's re-exports into the module's files: they are written to a scratch module.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'door-exports-'));
const module = path.join(root, 'apps/api/src/modules/things');
fs.mkdirSync(module, { recursive: true });
const write = (name, text) => fs.writeFileSync(path.join(module, name), text);
write('things.repository.ts', 'export async function findThing() {}\nexport type ThingRow = { id: string };\nexport const THING_KEYS = [] as const;\n');
write('things.service.ts', 'export function createThingsService() {}\nexport { findThing } from "./things.repository";\n');
write('things.model.ts', 'export type Thing = { id: string };\n');
write('things.reports.ts', 'export function thingReport() {}\nexport type { ThingRow } from "./things.repository";\n');
write('things.reads.ts', 'import { THING_KEYS } from "./things.repository";\nexport function thingRead() {}\nexport { THING_KEYS };\n');
write('things.clean.ts', 'import { findThing } from "./things.repository";\nexport function thingReader() { return findThing(); }\n');
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const door = path.join(module, 'index.ts');

tester.run('door-exports', rule, {
  valid: [
    { filename: door, code: "export { thingsModule } from './things.module';\nexport type { Thing } from './things.model';" },
    { filename: door, code: "export { createThingsService } from './things.service';" },
    { filename: door, code: "export { thingRead } from './things.reads';\nexport * from './things.clean';" },
    { filename: door, code: "export { thingReport } from './things.reports';" },
    // Another module's door, and files that are not doors, are not this rule's business.
    { filename: door, code: "export { ledGroupIds } from '../groups/index';" },
    { filename: path.join(module, 'things.service.ts'), code: "export { findThing } from './things.repository';" },
  ],
  invalid: [
    { filename: door, code: "export { findThing } from './things.repository';", errors: [{ messageId: 'repositoryExport' }] },
    { filename: door, code: "export type { ThingRow } from './things.repository';", errors: [{ messageId: 'repositoryExport' }] },
    { filename: door, code: "export * from './things.repository';", errors: [{ messageId: 'repositoryExport' }] },
    { filename: door, code: "import { findThing } from './things.repository';\nexport { findThing };", errors: [{ messageId: 'repositoryExport' }] },
    { filename: door, code: "export { findThing } from './things.service';", errors: [{ messageId: 'repositoryExport' }] },
    { filename: door, code: "export * from './things.reports';", errors: [{ messageId: 'repositoryExport' }] },
    { filename: door, code: "export { THING_KEYS } from './things.reads';", errors: [{ messageId: 'repositoryExport' }] },
  ],
});
