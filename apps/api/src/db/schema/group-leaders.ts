import { foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { groups } from './groups';
import { users } from './users';

/** Leaders (líderes) of a group: supervisors or administrators; a group may have several. */
export const groupLeaders = pgTable(
  'group_leaders',
  {
    companyId: uuid('company_id').notNull(),
    groupId: uuid('group_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'group_leaders_pkey', columns: [t.companyId, t.groupId, t.userId] }),
    index('group_leaders_user_idx').on(t.companyId, t.userId),
    foreignKey({ name: 'group_leaders_group_fk', columns: [t.companyId, t.groupId], foreignColumns: [groups.companyId, groups.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'group_leaders_user_fk', columns: [t.companyId, t.userId], foreignColumns: [users.companyId, users.id] }).onDelete(
      'cascade',
    ),
  ],
);
