/**
 * Query keys of menu management, under the staff root so that signing out forgets them. Every write
 * invalidates `menuKeys.all`: the lists, the edit page and the review queue all move together.
 */
export const menuKeys = {
  all: ['staff', 'menus'] as const,
  menu: (locationId: number) => [...menuKeys.all, 'menu', locationId] as const,
  item: (mealId: number) => [...menuKeys.all, 'item', mealId] as const,
  categories: () => [...menuKeys.all, 'categories'] as const,
  reviewQueue: () => [...menuKeys.all, 'review-queue'] as const,
};

/**
 * The location sent for an operator: the server always answers with their own location, whatever
 * is sent, and -1 is the spec's operator default.
 */
export const OPERATOR_LOCATION = -1;
