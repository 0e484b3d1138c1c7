import type { ButtonProps } from '@mantine/core';
import { IconChevronDown, IconUserCircle } from '@tabler/icons-react';

/** The signed-in customer's header button, shared by its stand-in and the account menu's target. */
export const ACCOUNT_BUTTON = {
  variant: 'default',
  leftSection: <IconUserCircle aria-hidden size={20} />,
  rightSection: <IconChevronDown aria-hidden size={16} />,
} satisfies ButtonProps;
