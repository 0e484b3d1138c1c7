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
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => /^[\p{L}\p{N}]/u.test(word))
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join('');
}

/**
 * A dish or brand picture, decorative (the name is always written beside it). Without a picture, or
 * when it fails to load, a tinted tile with the name's initials stands in.
 */
export function FoodImage({ src, name, seed, h, w, radius = 'md' }: FoodImageProps) {
  const [failed, setFailed] = useState(false);
  const usable = src && src.trim() !== '' && src.trim().toUpperCase() !== 'NULL' && !failed;
  if (usable) {
    return (
      <Image
        src={src}
        alt=""
        h={h}
        w={w}
        radius={radius}
        fit="cover"
        style={w ? { flex: 'none' } : undefined}
        onError={() => setFailed(true)}
      />
    );
  }
  const tint = TINTS[Math.abs(seed) % TINTS.length];
  return (
    <Box
      aria-hidden
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
