import { AUTH_MESSAGES } from './auth/messages.js';
import { CONTACT_MESSAGES } from './contact/contact.schemas.js';
import { FINANCE_MESSAGES } from './finance/finance.schemas.js';
import { MENU_MESSAGES } from './menus/menu-admin.schemas.js';
import { STOCK_MESSAGES } from './stock/stock.schemas.js';

/**
 * Every message the spec documents, as its screens and staff know it (misspellings kept). A
 * validation failure with one of these is answered with the message alone, never prefixed with
 * its field (`vendor_id: Please select ateleast 1 brand…`); the field is in `field`.
 */
export const SPEC_MESSAGES: ReadonlySet<string> = new Set(
  [AUTH_MESSAGES, FINANCE_MESSAGES, CONTACT_MESSAGES, MENU_MESSAGES, STOCK_MESSAGES].flatMap((catalogue) =>
    Object.values(catalogue).filter((m): m is string => typeof m === 'string'),
  ),
);
