import { pgTable, integer, text, bigint } from 'drizzle-orm/pg-core';
import { subsites } from './users.ts';

/**
 * What a company blog (a subsite of type `company`) tells about the company on `/companies` and its page: the card
 * details, the commercial contacts (site, phone, e-mail, address, INN; issue 32) and its promotion balance.
 */
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
  /** Stored as +7XXXXXXXXXX (spec/foundation.md §5), shown as +7 (XXX) XXX-XX-XX. */
  phone: text('phone').notNull().default(''),
  email: text('email').notNull().default(''),
  address: text('address').notNull().default(''),
  /** 10 digits (an organisation) or 12 (an entrepreneur), the checksum verified. */
  inn: text('inn').notNull().default(''),
  /** Kopecks on the company's promotion account, shown in its cabinet. */
  promotionBalance: bigint('promotion_balance', { mode: 'number' }).notNull().default(0),
});
