import { pgTable, integer, text } from 'drizzle-orm/pg-core';
import { subsites } from './users.ts';

/** What a company blog (a subsite of type `company`) tells about the company on `/companies`. */
export const companyDetails = pgTable('company_details', {
  subsiteId: integer('subsite_id')
    .primaryKey()
    .references(() => subsites.id, { onDelete: 'cascade' }),
  legalName: text('legal_name').notNull().default(''),
  industry: text('industry').notNull().default(''),
  city: text('city').notNull().default(''),
  website: text('website').notNull().default(''),
  employees: integer('employees'),
  foundedYear: integer('founded_year'),
});
