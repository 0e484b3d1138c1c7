import { Button, Menu } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconBuildingStore,
  IconExternalLink,
  IconLogout,
  IconMenu2,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePickupBoardLink } from '../api/pickup-board-link';
import classes from './kitchen.module.css';
import { pickupBoardUrl, RotatePickupBoardLinkModal } from './pickup-board-link';

interface KitchenMenuProps {
  /** The location shown (null: the account's own). */
  locationId: number | null;
  /** Operators and super admins: the pickup board link is theirs to open and replace. */
  backOffice: boolean;
  /** The super admin's way back to the choice of location. */
  changeLocationTo?: string;
  links: readonly { label: string; to: string }[];
  /** Who is signed in, named in the menu. */
  signedInAs: string;
  onLogout: () => void;
  loggingOut: boolean;
}

function toggleFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
  else void document.documentElement.requestFullscreen?.().catch(() => undefined);
}

/** The top bar's menu: the pickup board (back office), full screen, the portal's links and Log out. */
export function KitchenMenu({
  locationId,
  backOffice,
  changeLocationTo,
  links,
  signedInAs,
  onLogout,
  loggingOut,
}: KitchenMenuProps) {
  const link = usePickupBoardLink(locationId, backOffice);
  const [rotating, setRotating] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={280} shadow="md">
        <Menu.Target>
          <Button
            className={classes.touch}
            variant="white"
            color="dark"
            leftSection={<IconMenu2 aria-hidden size={20} />}
            loading={loggingOut}
          >
            Menu
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {backOffice && (
            <>
              <Menu.Label>Pickup board</Menu.Label>
              <Menu.Item
                component="a"
                href={link.data ? pickupBoardUrl(link.data.path) : undefined}
                target="_blank"
                rel="noopener"
                disabled={!link.data}
                leftSection={<IconExternalLink aria-hidden size={18} />}
                py="sm"
              >
                {link.error ? 'Pickup board link unavailable' : 'Open pickup board'}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconRefresh aria-hidden size={18} />}
                onClick={() => setRotating(true)}
                py="sm"
              >
                Make a new pickup board link…
              </Menu.Item>
              <Menu.Divider />
            </>
          )}
          <Menu.Item
            leftSection={<IconArrowsMaximize aria-hidden size={18} />}
            onClick={toggleFullScreen}
            py="sm"
          >
            Full screen
          </Menu.Item>
          {changeLocationTo && (
            <Menu.Item
              component={Link}
              to={changeLocationTo}
              leftSection={<IconBuildingStore aria-hidden size={18} />}
              py="sm"
            >
              Change location
            </Menu.Item>
          )}
          {links.map((item) => (
            <Menu.Item key={item.to} component={Link} to={item.to} py="sm">
              {item.label}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>Signed in as {signedInAs}</Menu.Label>
          <Menu.Item leftSection={<IconLogout aria-hidden size={18} />} onClick={onLogout} py="sm">
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {backOffice && (
        <RotatePickupBoardLinkModal
          locationId={locationId}
          opened={rotating}
          onClose={() => setRotating(false)}
        />
      )}
    </>
  );
}
