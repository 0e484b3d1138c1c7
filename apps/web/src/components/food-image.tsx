import { Box, Center, Image, Text } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useState } from 'react';

const TINTS = ['orange', 'teal', 'grape', 'indigo', 'lime', 'pink', 'cyan', 'yellow'] as const;

interface FoodImageProps {
  /** Image address; null, empty or the legacy 'NULL' shows the placeholder. */
  src: string | null | undefined;
  /** The name the picture belongs to: its initials fill the placeholder. */
  name: string;
  /** Picks the placeholder's tint, so neighbouring cards differ. */
  seed: number;
  h: number | string;
  /** Fixed width (a thumbnail); full width when left out. */
  w?: number;
  radius?: 'xs' | 'sm' | 'md' | 'lg';
  /**
   * Above the fold (the first cards a page shows): loaded at once and ahead of other images,
   * instead of lazily when it nears the screen.
   */
  priority?: boolean;
  /**
   * Only for a picture shown without its name beside it: what it shows. Left out, the picture is
   * decorative (see below).
   */
  alt?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

const usable = (src: string | null | undefined): src is string =>
  !!src && src.trim() !== '' && src.trim().toUpperCase() !== 'NULL';

/**
 * A dish or brand picture. Its box has a fixed size before it loads (h, and w or the full width,
 * also written as the img's width and height), so nothing moves when it arrives; it loads lazily
 * and decodes off the main thread unless `priority` says it is above the fold.
 *
 * Alt text, one rule: the name is always the picture's caption (written beside it, in the same card
 * or link), so the picture is decorative (alt="") and a screen reader reads the name once; a
 * picture shown without its name passes `alt`.
 *
 * Without a picture, or when it fails to load, a tinted tile with the name's initials stands in;
 * the same tint shows behind a picture while it loads.
 */
export function FoodImage({ src, name, seed, h, w, radius = 'md', priority = false, alt }: FoodImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const tint = TINTS[Math.abs(seed) % TINTS.length];
  if (usable(src) && failed !== src) {
    return (
      <Image
        src={src}
        alt={alt ?? ''}
        h={h}
        w={w}
        width={w}
        height={typeof h === 'number' ? h : undefined}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : undefined}
        radius={radius}
        fit="cover"
        style={{ flex: w ? 'none' : undefined, background: `var(--mantine-color-${tint}-1)` }}
        onError={() => setFailed(src)}
      />
    );
  }
  return (
    <Box
      aria-hidden={alt === undefined ? true : undefined}
      role={alt === undefined ? undefined : 'img'}
      aria-label={alt}
      h={h}
      w={w}
      style={{
        flex: w ? 'none' : undefined,
        borderRadius: `var(--mantine-radius-${radius})`,
        background: `linear-gradient(135deg, var(--mantine-color-${tint}-1), var(--mantine-color-${tint}-3))`,
        overflow: 'hidden',
      }}
    >
      <Center h="100%" style={{ flexDirection: 'column', gap: 4 }}>
        {!w && <IconToolsKitchen2 size={28} stroke={1.5} color={`var(--mantine-color-${tint}-9)`} />}
        <Text fw={800} fz={w ? 18 : 22} c={`${tint}.9`} lh={1}>
          {initials(name)}
        </Text>
      </Center>
    </Box>
  );
}
