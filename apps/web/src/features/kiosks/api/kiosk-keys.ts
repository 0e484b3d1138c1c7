/** Query keys of the POS Devices page, under the staff root so that signing out forgets them. */
export const kioskKeys = {
  all: ['staff', 'kiosks'] as const,
  list: () => [...kioskKeys.all, 'list'] as const,
};
