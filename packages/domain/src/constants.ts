/** Business constants of the spec, in one place for server and web. */
export const CURRENCY = 'AUD';
export const DEFAULT_TIME_ZONE = 'Australia/Melbourne';
export const DEFAULT_LOCATION_ID = 1;
export const MIN_DESKTOP_WIDTH = 1350;
export const SMS_CODE_LENGTH = 4;
export const SMS_CODE_TTL_SECONDS = 5 * 60;
export const SMS_CODE_MAX_ATTEMPTS = 3;
export const CARD_TRANSACTION_RATE = '0.0123';
export const MAP_DEFAULT_ZOOM = 10.5;
export const FEATURED_VENDOR_COUNT = 3;
export const FEED_ITEMS_ON_MAP = 1;
export const FEED_ITEMS_ON_RESTAURANTS = 7;
export const VENDOR_SEARCH_THRESHOLD = 0.05;
export const RECOMMENDATION_WINDOW_DAYS = 112;
export const DEFAULT_EXPIRY_ADJUSTMENT_DAYS = 7;
export const DEFAULT_MEAL_CATEGORY_ID = 51;
export const DEVICE_CODE_TTL_SECONDS = 5 * 60;

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Customer order statuses, in the order an order normally moves through them. */
export const ORDER_STATUSES = [
  'Received',
  'Cooking',
  'Ready for pickup',
  'On its way',
  'Finished',
  'Canceled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Sales channels of the one orders ledger. The first four are our own (kiosk in store, app online);
 * the last four are delivery marketplaces.
 */
export const SALES_CHANNELS = [
  'in_store_cash',
  'in_store_card',
  'online_pickup',
  'online_delivery',
  'uber_eats',
  'deliveroo',
  'doordash',
  'menulog',
] as const;
export type SalesChannel = (typeof SALES_CHANNELS)[number];
export const MARKETPLACE_CHANNELS = [
  'uber_eats',
  'deliveroo',
  'doordash',
  'menulog',
] as const satisfies readonly SalesChannel[];

/**
 * The one display name of each delivery platform, spelled as the platform spells it ("DoorDash",
 * with a capital D in Dash). Every screen, CSV, PDF and API display name takes a platform's name from here;
 * the wire keys (`doordash`, ...) stay lower case.
 */
export const MARKETPLACE_NAMES: Record<(typeof MARKETPLACE_CHANNELS)[number], string> = {
  uber_eats: 'Uber Eats',
  deliveroo: 'Deliveroo',
  doordash: 'DoorDash',
  menulog: 'Menulog',
};

/** Display name of each channel, as the back office shows order_source. */
export const CHANNEL_SOURCE_NAMES: Record<SalesChannel, string> = {
  in_store_cash: 'Kiosk',
  in_store_card: 'Kiosk',
  online_pickup: 'Kitchaco App',
  online_delivery: 'Kitchaco App',
  ...MARKETPLACE_NAMES,
};

export const MEAL_STATUSES = ['Enabled', 'Disabled', 'Waiting for review', 'Rejected'] as const;
export type MealStatus = (typeof MEAL_STATUSES)[number];

export const STOCK_ORDER_STATUSES = ['pending', 'approved', 'disapproved'] as const;
export type StockOrderStatus = (typeof STOCK_ORDER_STATUSES)[number];

export const STOCK_ITEM_STATUSES = ['enabled', 'disabled'] as const;
export type StockItemStatus = (typeof STOCK_ITEM_STATUSES)[number];

export const SALES_REPORT_STATUSES = ['unavailable', 'generated', 'approved'] as const;
export type SalesReportStatus = (typeof SALES_REPORT_STATUSES)[number];

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

export const STAFF_ROLES = ['stock_user', 'operator', 'stock_admin', 'super_admin', 'kitchen'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The answer to every staff call but `change_password` (HTTP 403) while the account is signed in
 * with a temporary password. Here, not beside the staff schemas: the web's entry reads it, and a
 * schema module would bring zod into every first screen.
 */
export const CHANGE_PASSWORD_FIRST = 'Please change your temporary password first.';
