import type { FeedPost } from '@kitchaco/domain';
import { Button, Image, Modal, Stack, Text } from '@mantine/core';
import { publishedDate } from '../lib/published-date';
import classes from './feed-posts.module.css';

/** The whole post in a dialog: what "Read more" opens when the post links nowhere else. */
export function FeedPostDialog({
  opened,
  post,
  onClose,
}: {
  opened: boolean;
  post: FeedPost | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened && post !== null} onClose={onClose} title={post?.title} size="lg" centered>
      {post && (
        <Stack gap="sm">
          {post.image && <Image src={post.image} alt="" radius="sm" h={220} fit="cover" />}
          <Text size="sm" c="dimmed">
            <time dateTime={post.published_at}>{publishedDate(post.published_at)}</time>
          </Text>
          <Text className={classes.body}>{post.body}</Text>
          <Button variant="default" onClick={onClose} className={classes.close}>
            Close
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
