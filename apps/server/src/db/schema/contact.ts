import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** A message from the landing page's contact form. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  clientAddress: text('client_address'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
