import { Box, Group, Text } from '@mantine/core';

/**
 * The mark: a bowl seen from the side with steam rising, in a rounded brand-red tile. A bowl says
 * "food" at 16 px where a fork, a hat or a pan blur; the three plumes stand for the several brands
 * cooked in one kitchen. The same drawing is public/favicon.svg (docs/design-system.md, "Logo").
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-filled)" />
      <path
        d="M11 5.5c-1.2 1.4 1.2 2.6 0 4M16 4.5c-1.2 1.4 1.2 2.6 0 4M21 5.5c-1.2 1.4 1.2 2.6 0 4"
        stroke="var(--mantine-color-accent-3)"
        strokeWidth="1.8"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M5.5 13.5h21a10.5 10.5 0 0 1-21 0Z" fill="#fff" />
      <path d="M12 26.5h8" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The logo: the mark and the wordmark "Kitchaco", read as one image named "Kitchaco". `size` is the
 * mark's height in px; the wordmark scales with it.
 */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Group gap={Math.round(size / 4)} wrap="nowrap" role="img" aria-label="Kitchaco" component="span">
      <LogoMark size={size} />
      <Box component="span" aria-hidden="true">
        <Text
          component="span"
          ff="heading"
          fw={800}
          fz={Math.round(size * 0.72)}
          lh={1}
          c="var(--mantine-color-text)"
          style={{ letterSpacing: '-0.02em' }}
        >
          Kitchaco
        </Text>
      </Box>
    </Group>
  );
}
