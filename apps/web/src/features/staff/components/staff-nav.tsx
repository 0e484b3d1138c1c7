import { Group, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { NavLink } from 'react-router';

export interface StaffNavItem {
  label: string;
  to: string;
  /** The part of the business the screen belongs to; a portal whose items have groups gets a sidebar. */
  group?: string;
}

/** Whether the items are many enough to be grouped in a sidebar rather than one row. */
export function isGroupedNav(items: readonly StaffNavItem[]): boolean {
  return items.some((item) => item.group !== undefined);
}

function StaffNavLink({ item, fullWidth }: { item: StaffNavItem; fullWidth: boolean }) {
  return (
    <MantineNavLink
      component={NavLink}
      to={item.to}
      end
      // Filled: white on blue 8 (4.8:1); the light variant's blue on pale blue fails WCAG AA.
      variant="filled"
      label={item.label}
      w={fullWidth ? '100%' : 'auto'}
      fw={600}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

/**
 * The staff page's navigation: one link per screen of the signed-in portal, the current one marked.
 * A few screens make one row under the title; grouped screens (the super admin's) a sidebar with a
 * heading per group.
 */
export function StaffNav({ items }: { items: readonly StaffNavItem[] }) {
  if (items.length === 0) return null;
  if (!isGroupedNav(items)) {
    return (
      <Group component="nav" aria-label="Staff" gap={4} wrap="wrap">
        {items.map((item) => (
          <StaffNavLink key={item.to} item={item} fullWidth={false} />
        ))}
      </Group>
    );
  }
  const groups = new Map<string, StaffNavItem[]>();
  for (const item of items) {
    const group = item.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return (
    <Stack component="nav" aria-label="Staff" gap="md">
      {[...groups].map(([group, links]) => (
        <Stack key={group} gap={2}>
          {group && (
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
              {group}
            </Text>
          )}
          {links.map((item) => (
            <StaffNavLink key={item.to} item={item} fullWidth />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
