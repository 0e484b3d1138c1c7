import { Button, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { useSelectedLocation } from '../hooks/use-selected-location';

/** The page heading: the selected pickup location's name and address. */
export function LocationHeading() {
  const { location, locations } = useSelectedLocation();

  useEffect(() => {
    if (locations.error) console.warn('Could not load the pickup locations', locations.error);
  }, [locations.error]);

  if (locations.isPending) {
    return (
      // The lines of the heading below, each as tall as its text, so nothing under it moves when the
      // location arrives (Lighthouse's layout shift).
      <Stack gap={4} role="status">
        <VisuallyHidden>Loading the pickup location</VisuallyHidden>
        <Skeleton h="calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))" w={120} />
        <Skeleton h="calc(var(--mantine-h1-font-size) * var(--mantine-h1-line-height))" w={320} />
        <Skeleton h="calc(var(--mantine-font-size-lg) * var(--mantine-line-height-lg))" w={260} />
      </Stack>
    );
  }

  if (!location) {
    return (
      <Stack gap="sm" align="flex-start">
        <Title order={1}>Pickup locations</Title>
        <Text>
          {locations.isError
            ? 'The pickup locations could not be loaded.'
            : 'There are no pickup locations yet.'}
        </Text>
        {locations.isError && (
          <Button variant="light" onClick={() => locations.refetch()} loading={locations.isFetching}>
            Try again
          </Button>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap={4}>
      <Text size="sm" fw={700} tt="uppercase" c="dimmed">
        Pickup location
      </Text>
      <Title order={1}>{location.name}</Title>
      <Text size="lg">{location.location}</Text>
    </Stack>
  );
}
