import { type CallInput, staffCalls } from '@kitchaco/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCall } from '../../../api';
import { locationQueries } from '../../../lib/locations';
import { staffAdminKeys } from './staff-admin-keys';

/** add_location: a new pickup location with its position, time zone and weekly hours. */
export function addLocation(input: CallInput<typeof staffCalls.addLocation>) {
  return staffCall(staffCalls.addLocation, input);
}

/** Every list of locations is read again: the staff page's, and the pickers' and map's elsewhere. */
export function useAddLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addLocation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffAdminKeys.accounts() }),
        queryClient.invalidateQueries({ queryKey: locationQueries.staffList().queryKey }),
      ]),
  });
}
