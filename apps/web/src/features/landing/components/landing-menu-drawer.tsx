import { Anchor, Drawer, Stack } from '@mantine/core';
import { customerAppUrl } from '../../../lib/landing-host';
import { NAV_SECTIONS } from './landing-nav';
import { SectionLink } from './section-link';

/** The burger's drawer (narrow screens): the section links and a way to order food. */
export function LandingMenuDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Kitchaco" position="right" size="xs" hiddenFrom="md">
      <Stack component="nav" aria-label="Landing menu">
        {NAV_SECTIONS.map((item) => (
          <SectionLink key={item.section} section={item.section} onClick={onClose} fw={600}>
            {item.label}
          </SectionLink>
        ))}
        <Anchor href={customerAppUrl()} fw={600}>
          Order food
        </Anchor>
      </Stack>
    </Drawer>
  );
}
