import type { OutboxMessage } from '@kitchaco/domain';
import { Badge, List, Table, Text } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import dayjs from 'dayjs';

/** 1536 -> "1.5 KB". */
function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export function OutboxTable({ messages }: { messages: OutboxMessage[] }) {
  if (messages.length === 0) return <Text>No messages have been sent yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped verticalSpacing="sm" aria-label="Outbox messages, newest first">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Channel</Table.Th>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Message</Table.Th>
            <Table.Th>Time</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id}>
              <Table.Td>
                <Badge variant="light" tt="uppercase">
                  {message.channel}
                </Badge>
              </Table.Td>
              <Table.Td>{message.to}</Table.Td>
              <Table.Td>{message.subject ?? '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {message.body}
                </Text>
                {message.attachments.length > 0 && (
                  <List size="sm" mt="xs" aria-label={`Attachments of message ${message.id}`}>
                    {message.attachments.map((a) => (
                      <List.Item key={a.filename} icon={<IconPaperclip aria-hidden size={14} />}>
                        {a.filename} ({formatSize(a.size)})
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={message.created_at}>
                  {dayjs(message.created_at).format('DD MMM YYYY, hh:mm:ss A')}
                </time>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
