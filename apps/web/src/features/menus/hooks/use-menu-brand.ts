import type { MenuEditor } from '@kitchaco/domain';
import { useAdminMenu } from '../api/get-admin-menu';
import { OPERATOR_LOCATION } from '../api/menu-keys';

/** The brand a meal is added to, from the menu the account can manage (all locations, or its own). */
export function useMenuBrand(brandId: number | null, editor: MenuEditor) {
  const menu = useAdminMenu(editor === 'admin' ? 0 : OPERATOR_LOCATION);
  return { ...menu, brand: menu.data?.menu_details.find((b) => b.id === brandId) ?? null };
}
