/** Query keys of the Staff & locations page, under the staff root so that signing out forgets them. */
export const staffAdminKeys = {
  all: ['staff', 'staff-admin'] as const,
  accounts: () => [...staffAdminKeys.all, 'accounts'] as const,
};
