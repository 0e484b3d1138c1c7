import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './skip-link.module.css';

/**
 * A link for keyboard users over a long run of controls (a stock list of seventy quantities): hidden
 * until it has the focus, it moves the focus to the element `targetId` (which has tabIndex -1), so
 * the next Tab reaches what follows it.
 */
export function SkipLink({
  targetId,
  children,
  className,
}: {
  targetId: string;
  children: ReactNode;
  /** Where it shows when it has the focus (by default in the flow, where it stands). */
  className?: string;
}) {
  return (
    <Anchor
      href={`#${targetId}`}
      className={className ? `${classes.skip} ${className}` : classes.skip}
      fw={600}
      onClick={(event) => {
        event.preventDefault();
        const target = document.getElementById(targetId);
        target?.focus({ preventScroll: true });
        target?.scrollIntoView({ block: 'nearest' });
      }}
    >
      {children}
    </Anchor>
  );
}
