import { type FeedPost, isSafeLink } from '@kitchaco/domain';
import { Anchor, Image, Skeleton, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog';
import { Link, useLocation } from '../../../lib/router';
import { publishedDate } from '../lib/published-date';
import classes from './feed-posts.module.css';

interface FeedPostsProps {
  posts: readonly FeedPost[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Heading level of each post's title, one below the section's heading. */
  titleOrder: TitleOrder;
  /** A list to skim: pictures left out, each text cut to two lines (the whole post one click away). */
  compact?: boolean;
}

/**
 * Where a post's "Read more" goes: its own link when it is safe and leads somewhere other than the
 * page the customer is on (a page of the site, a brand, another site); null: the post's own view.
 */
export function readMoreTarget(
  link: string | null,
  here: { pathname: string; search: string },
): string | null {
  if (!link || !isSafeLink(link)) return null;
  if (!link.startsWith('/')) return link;
  const target = new URL(link, 'https://site.invalid');
  const samePath = target.pathname.replace(/\/+$/, '') === here.pathname.replace(/\/+$/, '');
  return samePath && (target.search === '' || target.search === here.search) ? null : link;
}

function ReadMore({ post, onOpen }: { post: FeedPost; onOpen: () => void }) {
  const here = useLocation();
  const target = readMoreTarget(post.link, here);
  const label = `Read more about ${post.title}`;
  if (target === null) {
    return (
      <Anchor
        component="button"
        type="button"
        onClick={onOpen}
        size="sm"
        fw={600}
        aria-label={label}
        ta="left"
      >
        Read more
      </Anchor>
    );
  }
  if (target.startsWith('/')) {
    return (
      <Anchor component={Link} to={target} size="sm" fw={600} aria-label={label}>
        Read more
      </Anchor>
    );
  }
  return (
    <Anchor
      href={target}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      fw={600}
      aria-label={`${label} (opens in a new tab)`}
    >
      Read more
    </Anchor>
  );
}

// The whole post's dialog (Mantine Modal and its focus trap) loads when a post is first opened: the
// feed is on the customer's first screen.
const PostDialog = lazyDialog(async () => (await import('./feed-post-dialog')).FeedPostDialog);

/** Posts of the "What's Latest" feed, newest first. */
export function FeedPosts({ posts, loading, failed, titleOrder, compact = false }: FeedPostsProps) {
  const [opened, setOpened] = useState<FeedPost | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  if (loading) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading the latest news">
        <Skeleton h={16} w="70%" />
        <Skeleton h={12} />
        <Skeleton h={12} w="85%" />
      </Stack>
    );
  }
  if (failed) return <Text size="sm">The latest news could not be loaded.</Text>;
  if (!posts || posts.length === 0) return <Text size="sm">Nothing new yet. Check back soon.</Text>;

  return (
    <>
      <Stack gap={compact ? 'sm' : 'md'}>
        {posts.map((post) => (
          <Stack
            key={post.id}
            gap={compact ? 4 : 6}
            component="article"
            aria-labelledby={`feed-post-${post.id}`}
            className={classes.post}
          >
            {post.image && !compact && <Image src={post.image} alt="" radius="sm" h={140} fit="cover" />}
            <Title order={titleOrder} fz="md" id={`feed-post-${post.id}`}>
              {post.title}
            </Title>
            <Text size="xs" c="dimmed">
              <time dateTime={post.published_at}>{publishedDate(post.published_at)}</time>
            </Text>
            <Text size="sm" lineClamp={compact ? 2 : undefined}>
              {post.body}
            </Text>
            <ReadMore
              post={post}
              onOpen={() => {
                setOpened(post);
                setDialogOpen(true);
              }}
            />
          </Stack>
        ))}
      </Stack>
      <PostDialog opened={dialogOpen} post={opened} onClose={() => setDialogOpen(false)} />
    </>
  );
}
