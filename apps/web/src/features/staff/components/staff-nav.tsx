import { NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import { NavLink } from '../../../lib/router';

export interface StaffNavItem {
  label: string;
  to: string;
  /** The part of the business the screen belongs to: the heading it is listed under. */
  group?: string;
}

function StaffNavLink({ item, onNavigate }: { item: StaffNavItem; onNavigate?: () => void }) {
  return (
    <MantineNavLink
      component={NavLink}
      to={item.to}
      onClick={onNavigate}
      // Filled: white on the primary colour's filled shade; the light variant fails WCAG AA.
      variant="filled"
      label={item.label}
      fw={600}
      // Compact rows (about 29 px, above the 24 px target size): the super admin's 20 screens fit a 1400x900
      // screen without scrolling (issue 38).
      styles={{ root: { paddingTop: 3, paddingBottom: 3 } }}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
    />
  );
}

/**
 * The staff page's navigation: one link per screen of the signed-in portal, the current one marked,
 * under a heading per group (the portal decides the groups by role, staff-portals.ts). The same
 * list is the sidebar on wide screens and the drawer's content on narrow ones.
 */
export function StaffNav({ items, onNavigate }: { items: readonly StaffNavItem[]; onNavigate?: () => void }) {
  if (items.length === 0) return null;
  const groups = new Map<string, StaffNavItem[]>();
  for (const item of items) {
    const group = item.group ?? '';
    groups.set(group, [...(groups.get(group) ?? []), item]);
  }
  return (
    <Stack component="nav" aria-label="Staff" gap="xs">
      {[...groups].map(([group, links]) => (
        <Stack key={group} gap={2}>
          {group && (
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm">
              {group}
            </Text>
          )}
          {links.map((item) => (
            <StaffNavLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
