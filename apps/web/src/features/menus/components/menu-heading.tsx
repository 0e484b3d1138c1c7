import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router';

function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft aria-hidden size={14} />
        {children}
      </Group>
    </Anchor>
  );
}

export function MenuHeading({
  title,
  subtitle,
  level = 2,
  back,
}: {
  title: string;
  subtitle?: ReactNode;
  level?: 1 | 2;
  back?: { to: string; label: string } | null;
}) {
  return (
    <Stack gap={4}>
      {back && <BackLink to={back.to}>{back.label}</BackLink>}
      <Title order={level} size="h2">
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
    </Stack>
  );
}
