import { locationsCalls } from '@kitchaco/domain';
import { useQuery } from '@tanstack/react-query';
import { publicCall } from '../../../api';

/**
 * The name of a location ("Reservoir"), from the public list of locations: the staff session keeps
 * only the address, and kitchen accounts do not read the back office's list.
 */
export function useLocationName(locationId: number | undefined): string | undefined {
  const locations = useQuery({
    queryKey: ['kitchen', 'locations'] as const,
    queryFn: ({ signal }) => publicCall(locationsCalls.kitchacoLocations, {}, { signal }),
    enabled: locationId !== undefined,
    staleTime: 60 * 60_000,
  });
  const location = locations.data?.kitchaco_locations.find((l) => l.id === locationId);
  return location ? location.name || location.suburb : undefined;
}
