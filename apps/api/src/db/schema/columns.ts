import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Instants are stored with their time zone and handled as Date in code. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const idColumn = () => uuid('id').notNull().defaultRandom();
