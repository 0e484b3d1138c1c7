import { isOnSale, type MenuReviewDecision, type PendingMenuChange } from '@kitchaco/domain';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { aud } from '../../../components/amounts';
import type { MenuItem } from '../api/get-menu-item';
import { MENUS_TEXT } from '../messages';
import { ChangeTable } from './change-table';
import { MealStatusBadge } from './meal-status-badge';

const KIND_WORD = { meal: 'meal', combo: 'combo', subitem: 'sub item' } as const;

/** Every pending change of a meal: the meal's own first, then its combos' and sub items'. */
export function pendingChangesOf(item: Pick<MenuItem, 'pending_change' | 'meal_combo' | 'meal_subitem'>) {
  const changes: PendingMenuChange[] = [];
  if (item.pending_change) changes.push(item.pending_change);
  for (const row of [...item.meal_combo, ...item.meal_subitem]) {
    if (row.pending_change) changes.push(row.pending_change);
  }
  return changes;
}

/**
 * The last decision when it is a rejection the operator has not answered yet (no change asked for
 * since): "Your change was rejected: <reason>".
 */
export function openRejection(
  item: Pick<MenuItem, 'pending_change' | 'meal_combo' | 'meal_subitem' | 'last_review'>,
): MenuReviewDecision | null {
  const last = item.last_review;
  if (last?.decision !== 'rejected') return null;
  const newer = pendingChangesOf(item).some((c) => c.created_at > last.reviewed_at);
  return newer ? null : last;
}

export function rejectionText(decision: MenuReviewDecision): string {
  return decision.reason ? `Your change was rejected: ${decision.reason}` : 'Your change was rejected.';
}

/**
 * The edit page's account of what customers see and what waits: the live status ("On sale" when
 * Enabled), then each pending change before and after, or the last rejection with its reason.
 */
export function ReviewStatus({ item }: { item: MenuItem }) {
  const pending = pendingChangesOf(item);
  const rejection = openRejection(item);
  const onSale = isOnSale(item.status);
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="live-version-title">
        <Stack gap={6}>
          <Title order={3} size="h5" id="live-version-title">
            Live version
          </Title>
          <Group gap="xs">
            {onSale ? (
              <Badge color="green" variant="light" c="dark.8" tt="none" radius="sm">
                On sale
              </Badge>
            ) : (
              <Badge color="gray" variant="light" c="dark.8" tt="none" radius="sm">
                Not on sale
              </Badge>
            )}
            <MealStatusBadge status={item.status} />
          </Group>
          <Text size="sm">
            {onSale
              ? `Customers see ${item.meal_name} at ${aud(item.meal_price)}.`
              : 'Customers do not see this meal.'}
          </Text>
        </Stack>
      </Paper>
      {pending.length > 0 && (
        <Paper
          withBorder
          p="md"
          component="section"
          aria-labelledby="pending-change-title"
          style={{ borderColor: 'var(--mantine-color-yellow-6)' }}
        >
          <Stack gap="sm">
            <Title order={3} size="h5" id="pending-change-title">
              Pending change
            </Title>
            <Text size="sm">{MENUS_TEXT.pendingNote}</Text>
            {pending.map((change) => {
              const caption = `Pending change to ${KIND_WORD[change.kind]} ${change.before.name}`;
              return (
                <ChangeTable
                  key={change.id}
                  kind={change.kind}
                  before={change.before}
                  after={change.after}
                  changed={change.changed}
                  caption={caption}
                />
              );
            })}
          </Stack>
        </Paper>
      )}
      {rejection && (
        <Alert color="red" variant="light" title="Change rejected" role="status">
          {rejectionText(rejection)}
        </Alert>
      )}
    </Stack>
  );
}
