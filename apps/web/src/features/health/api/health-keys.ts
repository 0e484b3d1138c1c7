/** Query keys of the health page, under the staff root so that signing out forgets them. */
export const healthKeys = {
  all: ['staff', 'health'] as const,
  overview: () => [...healthKeys.all, 'overview'] as const,
};
