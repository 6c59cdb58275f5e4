import { apiModule } from '../../lib/api-module';
import { registerHomeRoutes } from './home.routes';
import { createHomeService } from './home.service';

/** The home (`/api/v1/inicio`): today and the week for the perfil's scope, pending work, expiring pacts. */
export const homeModule = apiModule('home', ['attendance', 'permissions', 'planning', 'overtime'], (app, { clock }) => {
  const { attendance, attendanceTrend, permissions, planning, overtime } = app;
  registerHomeRoutes(app, createHomeService({ attendance, attendanceTrend, permissions, planning, overtime }), clock);
});
