import { DEFAULT_TIME_ZONE } from '@kitchaco/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { aud, NumTd, NumTh } from '../../../components/amounts';
import { type ReviewItem, useReviewQueue } from '../api/get-review-queue';
import { type ReviewDecision, useReviewMenuItem } from '../api/review-menu-item';
import { serverMessage } from '../form-errors';

const KIND_LABEL: Record<ReviewItem['kind'], string> = { meal: 'Meal', combo: 'Combo', subitem: 'Sub item' };

const changedAt = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: DEFAULT_TIME_ZONE,
});

interface MealGroup {
  mealId: number;
  mealName: string;
  vendor: string;
  location: string;
  updatedAt: string;
  items: ReviewItem[];
}

/** The queue (oldest first) as one group per meal: the meal and its combos and sub items together. */
function byMeal(items: readonly ReviewItem[]): MealGroup[] {
  const groups = new Map<number, MealGroup>();
  for (const item of items) {
    const group = groups.get(item.meal_id) ?? {
      mealId: item.meal_id,
      mealName: item.meal_name,
      vendor: item.vendor,
      location: item.kitchaco__location,
      updatedAt: item.updated_at,
      items: [],
    };
    group.items.push(item);
    groups.set(item.meal_id, group);
  }
  return [...groups.values()];
}

const keyOf = (item: Pick<ReviewItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/**
 * The super admin's review of what operators added or changed. Approve puts an entry on the customer
 * menu (Enabled); Reject keeps it off (Rejected) after a confirmation. The server changes meals in
 * place and keeps no earlier copy, so what is shown is what the operator saved; the meal's edit page
 * shows everything else about it.
 */
export function ReviewQueue({ editPath }: { editPath: (mealId: number) => string }) {
  const queue = useReviewQueue();
  const review = useReviewMenuItem();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<{ mealId: number; message: string } | null>(null);

  const decide = async (group: MealGroup, items: ReviewItem[], decision: ReviewDecision['decision']) => {
    setFailure(null);
    setBusy((b) => new Set([...b, ...items.map(keyOf)]));
    let done = 0;
    try {
      // One at a time, the meal first: a combo approved before a refused meal would be a surprise.
      for (const item of items) {
        await review.mutateAsync({ kind: item.kind, id: item.id, decision });
        done++;
      }
      notifications.show({
        color: decision === 'Enabled' ? 'green' : 'gray',
        message: decision === 'Enabled' ? 'Approved Successfully' : 'Rejected',
      });
    } catch (error) {
      setFailure({ mealId: group.mealId, message: serverMessage(error as Error) });
      if (done > 0) console.warn(`Reviewed ${done} of ${items.length} entries of meal ${group.mealId}`);
    } finally {
      setBusy((b) => new Set([...b].filter((k) => !items.some((i) => keyOf(i) === k))));
    }
  };

  const confirmReject = (group: MealGroup, items: ReviewItem[]) =>
    modals.openConfirmModal({
      title: items.length === 1 ? `Reject ${items[0]!.name}?` : `Reject everything of ${group.mealName}?`,
      children: (
        <Text size="sm">
          It stays off the customer menu with the status Rejected. The operator sees it rejected and can
          change it and submit it again.
        </Text>
      ),
      labels: { confirm: 'Reject', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void decide(group, items, 'Rejected'),
    });

  if (queue.error) {
    return (
      <Alert color="red" variant="light" role="alert" title="The review queue could not be loaded">
        {queue.error.message}
      </Alert>
    );
  }
  if (!queue.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading the review queue" />
      </Group>
    );
  }
  const groups = byMeal(queue.data);
  if (groups.length === 0) {
    return (
      <Paper withBorder p="xl">
        <Text ta="center" c="dimmed" role="status">
          Nothing is waiting for review.
        </Text>
      </Paper>
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed" role="status">
        {queue.data.length} {queue.data.length === 1 ? 'entry waits' : 'entries wait'} for review, in{' '}
        {groups.length} {groups.length === 1 ? 'meal' : 'meals'}.
      </Text>
      {groups.map((group) => {
        const titleId = `review-meal-${group.mealId}`;
        const groupBusy = group.items.some((i) => busy.has(keyOf(i)));
        return (
          <Paper key={group.mealId} withBorder p="md" component="article" aria-labelledby={titleId}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start" wrap="wrap">
                <div>
                  <Title order={3} size="h4" id={titleId}>
                    {group.mealName}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {group.vendor} · {group.location} · changed {changedAt.format(new Date(group.updatedAt))}
                  </Text>
                </div>
                <Group gap="xs">
                  <Anchor component={Link} to={editPath(group.mealId)} size="sm">
                    Open the meal
                  </Anchor>
                  {group.items.length > 1 && (
                    <>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        leftSection={<IconX aria-hidden size={14} />}
                        onClick={() => confirmReject(group, group.items)}
                        disabled={groupBusy}
                        aria-label={`Reject all of ${group.mealName}`}
                      >
                        Reject all
                      </Button>
                      <Button
                        size="xs"
                        leftSection={<IconCheck aria-hidden size={14} />}
                        onClick={() => void decide(group, group.items, 'Enabled')}
                        loading={groupBusy}
                        aria-label={`Approve all of ${group.mealName}`}
                      >
                        Approve all
                      </Button>
                    </>
                  )}
                </Group>
              </Group>
              {failure?.mealId === group.mealId && (
                <Alert color="red" variant="light" role="alert">
                  {failure.message}
                </Alert>
              )}
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={110}>What</Table.Th>
                    <Table.Th>Name (as saved by the operator)</Table.Th>
                    <NumTh w={110}>Price</NumTh>
                    <Table.Th w={230}>
                      <VisuallyHidden>Decision</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.items.map((item) => {
                    const what = `${KIND_LABEL[item.kind].toLowerCase()} ${item.name}`;
                    const itemBusy = busy.has(keyOf(item));
                    return (
                      <Table.Tr key={keyOf(item)}>
                        <Table.Td>{KIND_LABEL[item.kind]}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.name}</Table.Td>
                        <NumTd>{item.kind === 'subitem' ? 'free' : aud(item.price)}</NumTd>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => confirmReject(group, [item])}
                              disabled={itemBusy}
                              aria-label={`Reject ${what}`}
                            >
                              Reject
                            </Button>
                            <Button
                              size="xs"
                              onClick={() => void decide(group, [item], 'Enabled')}
                              loading={itemBusy}
                              aria-label={`Approve ${what}`}
                            >
                              Approve
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
