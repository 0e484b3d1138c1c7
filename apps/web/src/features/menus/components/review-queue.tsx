import {
  DEFAULT_TIME_ZONE,
  MAX_REVIEW_REASON,
  REVIEW_DECISION_OUTCOMES,
  WAITING_FOR_REVIEW,
} from '@kitchaco/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { QueryError } from '../../../components/query-state';
import { Link } from '../../../lib/router';
import { type ReviewItem, useReviewQueue } from '../api/get-review-queue';
import { type ReviewDecision, useReviewMenuItem } from '../api/review-menu-item';
import { serverMessage } from '../form-errors';
import { ChangeTable } from './change-table';

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
  // The meal first in its group: its combos and sub items follow it.
  for (const group of groups.values()) {
    group.items.sort((a, b) => Number(b.kind === 'meal') - Number(a.kind === 'meal'));
  }
  return [...groups.values()];
}

const keyOf = (item: Pick<ReviewItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;

/** What the entry is, in words: "Change to meal Pad Thai", "New combo Extra egg". */
function titleOf(item: ReviewItem): string {
  const what = KIND_LABEL[item.kind].toLowerCase();
  return item.before ? `Change to ${what} ${item.before.name}` : `New ${what} ${item.name}`;
}

/** The values shown when the server sent no before/after (an older server): the saved name and price. */
function afterOf(item: ReviewItem) {
  return item.after ?? { name: item.name, price: item.price, status: WAITING_FOR_REVIEW };
}

/** The reject dialog: a reason is required, and shown to the operator. */
function RejectDialog({
  target,
  onClose,
  onReject,
}: {
  target: { title: string; count: number } | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text === '') return setError('Please give a reason: the operator reads it.');
    if (text.length > MAX_REVIEW_REASON) return setError(`At most ${MAX_REVIEW_REASON} characters.`);
    onReject(text);
    close();
  };
  return (
    <Modal opened={target !== null} onClose={close} title={target?.title ?? ''} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {target && target.count > 1 ? 'These changes are' : 'The change is'} not applied: customers keep
            seeing the live version (a new item stays off the menu). The operator sees the reason and can
            submit again.
          </Text>
          <Textarea
            label="Reason"
            description="Shown to the operator."
            required
            autosize
            minRows={3}
            maxLength={MAX_REVIEW_REASON}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red">
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The super admin's review of what operators added or changed. A change of a live item shows the
 * live values beside the proposed ones, field by field (pictures side by side); customers keep the
 * live version until it is approved. Approve applies it; Reject (with a reason, required) keeps the
 * live version and tells the operator why. A new item shows what was saved.
 */
export function ReviewQueue({ editPath }: { editPath: (mealId: number) => string }) {
  const queue = useReviewQueue();
  const review = useReviewMenuItem();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<{ mealId: number; message: string } | null>(null);
  const [rejecting, setRejecting] = useState<{ group: MealGroup; items: ReviewItem[]; title: string } | null>(
    null,
  );

  const decide = async (
    group: MealGroup,
    items: ReviewItem[],
    decision: ReviewDecision['decision'],
    reason?: string,
  ) => {
    setFailure(null);
    setBusy((b) => new Set([...b, ...items.map(keyOf)]));
    let done = 0;
    try {
      // One at a time, the meal first: a combo approved before a refused meal would be a surprise.
      for (const item of items) {
        await review.mutateAsync({
          kind: item.kind,
          id: item.id,
          decision,
          ...(reason ? { reason } : {}),
          ...(item.change_id ? { change_id: item.change_id } : {}),
        });
        done++;
      }
      const approved = REVIEW_DECISION_OUTCOMES[decision].change === 'approved';
      notifications.show({
        color: approved ? 'green' : 'gray',
        message: approved ? 'Approved Successfully' : 'Rejected',
      });
    } catch (error) {
      setFailure({ mealId: group.mealId, message: serverMessage(error as Error) });
      if (done > 0) console.warn(`Reviewed ${done} of ${items.length} entries of meal ${group.mealId}`);
    } finally {
      setBusy((b) => new Set([...b].filter((k) => !items.some((i) => keyOf(i) === k))));
    }
  };

  const dialog = (
    <RejectDialog
      target={rejecting ? { title: rejecting.title, count: rejecting.items.length } : null}
      onClose={() => setRejecting(null)}
      onReject={(reason) => {
        if (rejecting) void decide(rejecting.group, rejecting.items, 'Rejected', reason);
      }}
    />
  );

  if (queue.error) {
    return <QueryError title="The review queue could not be loaded" error={queue.error} />;
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
      <>
        <Paper withBorder p="xl">
          <Text ta="center" c="dimmed" role="status">
            Nothing is waiting for review.
          </Text>
        </Paper>
        {dialog}
      </>
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
            <Stack gap="md">
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
                        onClick={() =>
                          setRejecting({
                            group,
                            items: group.items,
                            title: `Reject everything of ${group.mealName}?`,
                          })
                        }
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
              {group.items.map((item) => {
                const what = `${KIND_LABEL[item.kind].toLowerCase()} ${item.name}`;
                const itemBusy = busy.has(keyOf(item));
                const title = titleOf(item);
                const entryId = `review-entry-${item.kind}-${item.id}`;
                return (
                  <Stack
                    key={keyOf(item)}
                    gap="xs"
                    component="section"
                    aria-labelledby={entryId}
                    pt="xs"
                    style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
                  >
                    <Group justify="space-between" align="flex-start" wrap="wrap">
                      <div>
                        <Title order={4} size="h5" id={entryId}>
                          {title}
                        </Title>
                        <Text size="xs" c="dimmed">
                          {item.before
                            ? 'Customers see the live version until this is approved.'
                            : 'Not on the customer menu until approved.'}
                          {item.requested_by ? ` Asked by ${item.requested_by}` : ''}
                          {item.change_id ? `, ${changedAt.format(new Date(item.updated_at))}.` : ''}
                        </Text>
                      </div>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setRejecting({ group, items: [item], title: `Reject ${what}?` })}
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
                    </Group>
                    <ChangeTable
                      kind={item.kind}
                      before={item.before}
                      after={afterOf(item)}
                      changed={item.changed ?? []}
                      caption={title}
                    />
                  </Stack>
                );
              })}
            </Stack>
          </Paper>
        );
      })}
      {dialog}
    </Stack>
  );
}
