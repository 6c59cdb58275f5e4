import { apiModule } from '../../lib/api-module';
import { createShiftReads, shiftCatalog, type ShiftCatalogPort } from './shifts.catalog';
import { registerShiftRoutes } from './shifts.routes';
import { createShiftsService } from './shifts.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shift catalogue's reads and writes for the bulk upload (modules/shifts), in the caller's transaction. */
    shiftCatalog: ShiftCatalogPort;
  }
}

/** Shifts and their versions; an edited shift moves the future plan days that use it. */
export const shiftsModule = apiModule('shifts', ['planning'], (app, { db, clock }) => {
  registerShiftRoutes(app, createShiftsService(db, { retimeFuturePlanning: app.retimeFuturePlanning }), clock);
  app.decorate('shiftCatalog', shiftCatalog);
  // The planning registers before shifts (an edited shift moves its future days) but reads the catalogue on every request.
  app.shiftReads.provide(createShiftReads());
});
