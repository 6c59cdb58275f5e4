import { apiModule } from '../../lib/api-module';
import { approvedOvertime } from '../overtime/index';
import { registerRemunerationRoutes } from './remunerations.routes';
import { createRemunerationsService } from './remunerations.service';

/** Pay variables of a month from the stored evaluation (overtime only as approved), month closing, payroll exports. */
export const remunerationsModule = apiModule('remunerations', ['attendance'], (app, { db, clock }) => {
  registerRemunerationRoutes(app, createRemunerationsService({ db, attendance: app.attendance, approvedOvertime }), clock);
});
