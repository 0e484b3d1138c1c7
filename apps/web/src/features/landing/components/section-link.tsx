import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { LANDING_PATHS } from '../../../lib/landing-host';
import { Link } from '../../../lib/router';

interface SectionLinkProps extends AnchorProps {
  /** The id of a landing page section (LANDING_SECTIONS). */
  section: string;
  children: ReactNode;
  onClick?: () => void;
}

/**
 * A link to a section of the landing page, from the landing page itself or another page of the
 * site. It navigates to `<home>#<section>`; the landing page scrolls there and moves focus to the
 * section, so keyboard users continue from it (useSectionFromHash).
 */
export function SectionLink({ section, children, onClick, ...props }: SectionLinkProps) {
  return (
    <Anchor component={Link} to={`${LANDING_PATHS.home}#${section}`} onClick={onClick} {...props}>
      {children}
    </Anchor>
  );
}
