/** The spec's addresses: the super admin's take query strings, the operator's a hash. */
export const ADMIN_MENU_PATHS = {
  list: (brandId?: number, mealId?: number) => {
    const query = new URLSearchParams();
    if (brandId) query.set('brand', String(brandId));
    if (mealId) query.set('meal', String(mealId));
    return `/admin-menu${query.size ? `?${query}` : ''}`;
  },
  add: (brandId: number | null, appView = false) =>
    `/admin-menu-add?id=${brandId ?? ''}${appView ? '&app_view=true' : ''}`,
  edit: (mealId: number, appView = false) =>
    `/admin-menu-edit?id=${mealId}${appView ? '&app_view=true' : ''}`,
};

export const OPERATOR_MENU_PATHS = {
  list: (brandId?: number) => `/operator-admin-menu${brandId ? `?brand=${brandId}` : ''}`,
  add: (brandId: number | null) => `/operator-menu-add#${brandId ?? -1}`,
  edit: (mealId: number) => `/operator-menu-edit#${mealId}`,
};
