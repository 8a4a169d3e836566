import type { ChecklistTemplate } from '@app/contract';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns.ts';
import { users } from '../../platform/accounts/accounts.schema.ts';
import { businesses } from '../../platform/accounts/business.schema.ts';

/** A custom template's content as stored: everything but its id and name (ADR 0038). */
export type StoredTemplateBody = Pick<ChecklistTemplate, 'standard' | 'summary' | 'usesNccEdition' | 'stages'>;

/** Custom checklist templates (ADR 0038, Premium): a business's own checklists, at most 50 each. */
export const checklistTemplates = pgTable(
  'checklist_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Who made it; the template stays with the business when they go (ADR 0077). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    body: jsonb('body').$type<StoredTemplateBody>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('checklist_templates_business_idx').on(table.businessId)],
);
