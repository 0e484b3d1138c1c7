import { type FeedPost, isSafeLink } from '@kitchaco/domain';
import { Anchor, Divider, Image, Skeleton, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Fragment } from 'react';
import { Link } from 'react-router';

interface FeedPostsProps {
  posts: readonly FeedPost[] | undefined;
  loading: boolean;
  failed: boolean;
  /** Heading level of each post's title, one below the section's heading. */
  titleOrder: TitleOrder;
}

/** "5 Nov 2026" in the browser's time zone (English month abbreviations, as before with dayjs). */
const DATE_PARTS = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' });
function publishedDate(iso: string): string {
  const parts = DATE_PARTS.formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

function PostLink({ link, title }: { link: string; title: string }) {
  const label = 'Read more';
  if (link.startsWith('/')) {
    return (
      <Anchor component={Link} to={link} size="sm" fw={600} aria-label={`Read more about ${title}`}>
        {label}
      </Anchor>
    );
  }
  return (
    <Anchor
      href={link}
      target="_blank"
      rel="noopener noreferrer"
      size="sm"
      fw={600}
      aria-label={`Read more about ${title} (opens in a new tab)`}
    >
      {label}
    </Anchor>
  );
}

/** Posts of the "What's Latest" feed, newest first. */
export function FeedPosts({ posts, loading, failed, titleOrder }: FeedPostsProps) {
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
    <Stack gap="md">
      {posts.map((post, index) => (
        <Fragment key={post.id}>
          {index > 0 && <Divider />}
          <Stack gap={6} component="article" aria-labelledby={`feed-post-${post.id}`}>
            {post.image && <Image src={post.image} alt="" radius="sm" h={140} fit="cover" />}
            <Title order={titleOrder} fz="md" id={`feed-post-${post.id}`}>
              {post.title}
            </Title>
            <Text size="xs" c="dimmed">
              <time dateTime={post.published_at}>{publishedDate(post.published_at)}</time>
            </Text>
            <Text size="sm">{post.body}</Text>
            {post.link && isSafeLink(post.link) && <PostLink link={post.link} title={post.title} />}
          </Stack>
        </Fragment>
      ))}
    </Stack>
  );
}
