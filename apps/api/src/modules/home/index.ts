/** The home module's door: one read of the home page's cards (`GET /api/v1/inicio`). */
export { registerHomeRoutes } from './home.routes';
export { createHomeService, type HomeService } from './home.service';
