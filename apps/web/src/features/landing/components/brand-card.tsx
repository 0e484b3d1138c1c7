import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FoodImage } from '../../../components/food-image';
import type { Brand } from '../api/get-brands';

const SIZES = {
  /** The landing page's showcase: a grid of four. */
  compact: { padding: 'md', imageHeight: 140, order: 3, titleSize: 'h5', titleGap: 'sm' },
  /** The Our brands page: a grid of three with the details. */
  full: { padding: 'lg', imageHeight: 120, order: 2, titleSize: 'h4', titleGap: 'md' },
} as const;

/** One brand in a grid list (`component="ul"`): its picture, its name, then `children`. */
export function BrandCard({
  brand,
  size,
  children,
}: {
  brand: Brand;
  size: keyof typeof SIZES;
  children?: ReactNode;
}) {
  const s = SIZES[size];
  return (
    <Card component="li" padding={s.padding}>
      <Card.Section>
        <FoodImage src={brand.image} name={brand.title} seed={brand.id} h={s.imageHeight} radius="xs" />
      </Card.Section>
      <Title order={s.order} size={s.titleSize} mt={s.titleGap}>
        {brand.title}
      </Title>
      {children}
    </Card>
  );
}
