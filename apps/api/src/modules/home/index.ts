/** The home module's door: one read of the home page's cards (`GET /api/v1/inicio`). */
export { homeModule } from './home.module';

export type { HomeService } from './home.service';
