import { z } from 'zod';

// Messages that our schemas do not spell out (wrong types, unknown enum values) reach users too; give them in Spanish.
z.config(z.locales.es());
