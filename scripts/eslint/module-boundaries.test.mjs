import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from './module-boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });
const root = path.resolve(import.meta.dirname, '../..');
const api = (file) => path.join(root, 'apps/api/src', file);
const web = (file) => path.join(root, 'apps/web/src', file);
const bench = (file) => path.join(root, 'bench', file);
/** TypeScript's syntax (`import type`), for the cases that need it. */
const ts = { languageOptions: { parser: tseslint.parser } };

tester.run('module-boundaries', rule, {
  valid: [
    { filename: api('modules/corrections/corrections.service.ts'), code: "import { createMarksService } from '../marks/index';" },
    { filename: api('modules/corrections/corrections.service.ts'), code: "import * as repo from './corrections.repository';" },
    { filename: api('modules/corrections/corrections.service.ts'), code: "import { AppError } from '../../lib/errors';" },
    { filename: api('app.ts'), code: "import { registerMarkRoutes } from './modules/marks/index';" },
    // Tests, shared fixtures and the demo builder write any module's data through its repository.
    { filename: api('modules/corrections/corrections.test.ts'), code: "import { insertShifts } from '../shifts/shifts.repository';" },
    { filename: api('test/fixtures/planning.ts'), code: "import { insertUsersWithLogins } from '../../modules/users/users.repository';" },
    { filename: api('demo/seed.ts'), code: "import { insertCompany } from '../modules/companies/companies.repository';" },
    // Benchmarks measure through the doors and set up with the shared fixtures and the demo builder.
    { filename: bench('alerts.ts'), code: "import type {} from '../apps/api/src/modules/alerts/index';", ...ts },
    { filename: bench('planning-upload.ts'), code: "import { staffedCompany } from '../apps/api/src/test/fixtures/company';" },
    { filename: bench('planning-upload.ts'), code: "import { buildScaleCompany } from '../apps/api/src/demo/scale';" },
    { filename: bench('_marking-load-worker.mjs'), code: "const m = await import('../apps/api/src/modules/marks/index.ts');" },
    { filename: web('features/reports/marks.tsx'), code: "import { Table } from '../../components/table';" },
    { filename: web('app/routes.tsx'), code: "const page = () => import('../features/attendance/worker');" },
    { filename: web('components/worker-filter.tsx'), code: "import { useWorkerOptions } from '../lib/entity-options';" },
    { filename: web('lib/entity-options.ts'), code: "import { getEnv } from '../config/env';" },
    // A shared component's test may render with the app's theme.
    { filename: web('components/planning-grid/planning-grid.test.tsx'), code: "import { theme } from '../../app/theme';" },
  ],
  invalid: [
    {
      filename: api('modules/corrections/corrections.service.ts'),
      code: "import { createMarksService } from '../marks/marks.service';",
      errors: [{ messageId: 'apiInternal' }],
    },
    { filename: api('app.ts'), code: "import { registerMarkRoutes } from './modules/marks/marks.routes';", errors: [{ messageId: 'apiInternal' }] },
    { filename: api('modules/kiosk/kiosk.service.ts'), code: "export { fullAddress } from '../sites/sites.service';", errors: [{ messageId: 'apiInternal' }] },
    { filename: api('modules/kiosk/kiosk.service.ts'), code: "const m = import('../sites/sites.service');", errors: [{ messageId: 'apiInternal' }] },
    {
      filename: bench('planning-upload.ts'),
      code: "import { insertUsersWithLogins } from '../apps/api/src/modules/users/users.repository';",
      errors: [{ messageId: 'apiInternal' }],
    },
    { filename: bench('alerts.ts'), code: "import type {} from '../apps/api/src/modules/alerts/alerts.module';", errors: [{ messageId: 'apiInternal' }], ...ts },
    { filename: bench('_worker.mjs'), code: "const m = await import('../apps/api/src/modules/marks/marks.service.ts');", errors: [{ messageId: 'apiInternal' }] },
    { filename: web('features/reports/marks.tsx'), code: "import { useAttendance } from '../attendance/api';", errors: [{ messageId: 'webFeature' }] },
    { filename: web('lib/query-client.ts'), code: "import { signOut } from '../features/auth/api';", errors: [{ messageId: 'webShared' }] },
    { filename: web('components/page-header.tsx'), code: "import { navItemsFor } from '../app/navigation';", errors: [{ messageId: 'webShared' }] },
    { filename: web('config/env.ts'), code: "export { theme } from '../app/theme';", errors: [{ messageId: 'webShared' }] },
    { filename: web('lib/session/store.ts'), code: "const m = import('../../features/users/api');", errors: [{ messageId: 'webShared' }] },
  ],
});
