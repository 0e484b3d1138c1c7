import { Group, NavLink as MantineNavLink } from '@mantine/core';
import { NavLink } from 'react-router';

export interface StaffNavItem {
  label: string;
  to: string;
}

/** The staff page's navigation: one link per screen of the signed-in portal, the current one marked. */
export function StaffNav({ items }: { items: readonly StaffNavItem[] }) {
  if (items.length === 0) return null;
  return (
    <Group component="nav" aria-label="Staff" gap={4} wrap="wrap">
      {items.map((item) => (
        <MantineNavLink
          key={item.to}
          component={NavLink}
          to={item.to}
          end
          // Filled: white on blue 8 (4.8:1); the light variant's blue on pale blue fails WCAG AA.
          variant="filled"
          label={item.label}
          w="auto"
          fw={600}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      ))}
    </Group>
  );
}
