/** Query keys of the kitchen screens, under the staff root so that signing out forgets them. */
export const kitchenKeys = {
  all: ['staff', 'kitchen'] as const,
  /** One location's tickets; `null`: the signed-in account's own location. */
  tickets: (locationId: number | null) => [...kitchenKeys.all, 'tickets', locationId ?? 'own'] as const,
  pickupBoardLink: (locationId: number | null) =>
    [...kitchenKeys.all, 'pickup-board-link', locationId ?? 'own'] as const,
  capacity: (locationId: number | null) => [...kitchenKeys.all, 'capacity', locationId ?? 'own'] as const,
  /** Hours, brands' meals with their sold-out time, and closures of one location. */
  availability: (locationId: number | null) =>
    [...kitchenKeys.all, 'availability', locationId ?? 'own'] as const,
};
