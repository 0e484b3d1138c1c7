import { Text } from '@mantine/core';
import { QueryError } from '../../../components/query-state';
import { MENUS_TEXT } from '../messages';

export function MenuLoading() {
  return (
    <Text role="status" py="md">
      {MENUS_TEXT.loading}
    </Text>
  );
}

export function MenuLoadFailure({ title, error }: { title?: string; error: Error }) {
  return <QueryError title={title} error={error} />;
}
