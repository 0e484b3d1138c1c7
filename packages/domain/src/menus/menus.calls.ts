import { z } from 'zod';
import { ENDPOINTS, queryCall, staff } from '../wire/calls.js';
import {
  addComboSubitemRequest,
  addMenuRequest,
  addMenuResponse,
  adminMenuRequest,
  adminMenuResponse,
  categoriesResponse,
  MAX_IMAGE_BYTES,
  menuSuccessResponse,
  reviewMenuItemRequest,
  reviewQueueResponse,
  specificMenuItemRequest,
  specificMenuItemResponse,
  updateMenuRequest,
} from './menu-admin.schemas.js';

/** Menu management: the super admin for every brand, an operator for their own location's. */
const MENU_STAFF = staff('super_admin', 'operator');
/** Room for a 5 MB image in base64 plus the rest of the form. */
const IMAGE_BODY_LIMIT = Math.ceil((MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

/** The calls of the menus area (packages/domain/src/wire/calls.ts). */
export const menusCalls = {
  adminMenu: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_menu',
    summary:
      'Brands with every meal in any status, combos and sub-items; for a location (0 = all for the super admin). An operator always gets their own location.',
    access: MENU_STAFF,
    audit: false,
    input: adminMenuRequest,
    response: adminMenuResponse,
    failures: 'spec',
  }),
  adminCategories: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'admin_categories',
    summary: 'Meal categories.',
    access: MENU_STAFF,
    audit: false,
    input: z.object({}),
    response: categoriesResponse,
    failures: 'spec',
  }),
  getSpecificMenuItem: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'get_specific_menu_item',
    summary:
      'One meal with its combos and sub-items, for the edit page. With app_view: true (the menu page inside the mobile app) a published meal (Enabled, of an active brand) is read without signing in, with its Enabled combos and sub-items only.',
    access: { ...MENU_STAFF, appView: true },
    audit: false,
    input: specificMenuItemRequest,
    response: specificMenuItemResponse,
    failures: 'spec',
    statuses: [404],
  }),
  updateMenu: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'update_menu',
    summary:
      "Saves a meal, its combos and sub-items, and a new image (base64 JPEG, PNG or WebP, at most 5 MB; resized and stored). An operator's change of a live (Enabled) meal, combo or sub-item is kept as a pending change (the live version stays on sale; a newer change replaces it); their other changes wait for review in place.",
    access: MENU_STAFF,
    audit: { action: 'menu.update', entity: 'meal' },
    input: updateMenuRequest,
    response: menuSuccessResponse,
    bodyLimit: IMAGE_BODY_LIMIT,
    failures: 'spec',
    statuses: [404],
  }),
  addMenuSubitemCombo: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'add_menu_subitem_combo',
    summary:
      "Adds a combo (paid extra) or a sub-item (free choice) to a meal; an operator's waits for review.",
    access: MENU_STAFF,
    audit: { action: 'menu.add_extra', entity: 'meal' },
    input: addComboSubitemRequest,
    response: menuSuccessResponse,
    failures: 'spec',
    statuses: [404],
  }),
  addMenu: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'add_menu',
    summary:
      "Adds a meal to a brand (category 51 by default). A super admin's meal is Enabled by default; an operator's waits for review.",
    access: MENU_STAFF,
    audit: { action: 'menu.add', entity: 'meal' },
    input: addMenuRequest,
    response: addMenuResponse,
    bodyLimit: IMAGE_BODY_LIMIT,
    failures: 'spec',
  }),
  menuReviewQueue: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'menu_review_queue',
    summary:
      'Meals, combos and sub-items operators added or changed, waiting for review, with the live values (before) and the proposed ones (after) field by field.',
    access: staff('super_admin'),
    audit: false,
    input: z.object({}),
    response: reviewQueueResponse,
    failures: 'spec',
  }),
  reviewMenuItem: queryCall({
    endpoint: ENDPOINTS.adminData,
    queryType: 'review_menu_item',
    summary:
      'Decides one waiting meal, combo or sub-item. For a pending change of a live item: Enabled applies it to the live row (one transaction), Rejected keeps the live row and stores the reason for the operator, Disabled rejects it and takes the item off sale. 409 when change_id is no longer the pending change.',
    access: staff('super_admin'),
    audit: { action: 'menu.review', entity: 'meal' },
    input: reviewMenuItemRequest,
    response: menuSuccessResponse,
    failures: 'spec',
    statuses: [404, 409],
  }),
};
