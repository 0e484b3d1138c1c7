/**
 * Every localStorage key the web app uses, in one place. Browser storage holds only what the spec
 * says it holds (sessions, the selected location, cart, order and payment data) and never a password.
 */
export const STORAGE_KEYS = {
  selectedLocation: 'kitchaco.location_id',
  customer: {
    token: 'kitchaco.customer.token',
    userId: 'kitchaco.customer.user_id',
  },
  staff: {
    token: 'kitchaco.staff.token',
    email: 'kitchaco.staff.email',
    firstName: 'kitchaco.staff.first_name',
    lastName: 'kitchaco.staff.last_name',
    locationId: 'kitchaco.staff.kitchaco__id',
    locationName: 'kitchaco.staff.kitchaco__location',
    isOperator: 'kitchaco.staff.is_operator',
    isSuperAdmin: 'kitchaco.staff.is_super_admin',
    isStockUser: 'kitchaco.staff.is_stock_user',
    isStockAdmin: 'kitchaco.staff.is_stock_admin',
    /** 'true' while the account signed in with a temporary password and must choose its own. */
    mustChangePassword: 'kitchaco.staff.must_change_password',
  },
  /** Back-office report filters, kept between screens (the spec's selected date and location). */
  reportFilters: {
    locationId: 'kitchaco.report.location_id',
    startDate: 'kitchaco.report.start_date',
    endDate: 'kitchaco.report.end_date',
  },
  /** Cart lines, chosen vendor, order type and date, delivery charges, promo code and discount. */
  cart: 'kitchaco.cart',
  /** Order id and status, stored when an order is created. */
  order: 'kitchaco.order',
  /** Payment status, source type, receipt number, app fee, transaction charge, total and error. */
  payment: 'kitchaco.payment',
  /**
   * sessionStorage: 'true' when this visit came from the provider's website through a link carrying
   * a location number (`/?location=2`).
   */
  websiteRedirect: 'kitchaco.website_redirect',
} as const;

/** Cleared when the customer changes location. */
export const CART_AND_ORDER_KEYS = [STORAGE_KEYS.cart, STORAGE_KEYS.order] as const;

/** Cleared, with the customer session, when the customer logs out. */
export const CUSTOMER_DATA_KEYS = [STORAGE_KEYS.cart, STORAGE_KEYS.order, STORAGE_KEYS.payment] as const;
