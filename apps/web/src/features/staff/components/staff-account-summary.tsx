import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { StaffSession } from '../../../lib/session/staff-session';

function roleNames(session: StaffSession): string[] {
  const roles: string[] = [];
  if (session.isSuperAdmin) roles.push('Super admin');
  if (session.isOperator) roles.push('Operator');
  if (session.isStockAdmin) roles.push('Stock admin');
  if (session.isStockUser) roles.push('Stock user');
  return roles;
}

function locationText(session: StaffSession): string {
  if (session.locationName) return session.locationName;
  return session.isSuperAdmin || session.isStockAdmin ? 'All locations' : 'No location assigned';
}

function SummaryItem({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text component="dt" size="sm" fw={700}>
        {term}
      </Text>
      <Box component="dd" m={0}>
        {children}
      </Box>
    </Stack>
  );
}

/** Who is signed in: email, roles and location. */
export function StaffAccountSummary({ session }: { session: StaffSession }) {
  const roles = roleNames(session);
  return (
    <Paper withBorder p="lg" maw={640}>
      <Stack gap="md">
        <Title order={2} size="h4">
          Signed in account
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" component="dl" m={0}>
          <SummaryItem term="Email">{session.email}</SummaryItem>
          <SummaryItem term="Roles">
            <Group gap={6}>
              {roles.map((role) => (
                <Badge key={role} variant="light" size="lg" tt="none">
                  {role}
                </Badge>
              ))}
            </Group>
          </SummaryItem>
          <SummaryItem term="Location">{locationText(session)}</SummaryItem>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
