import { Button, Menu, Modal } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconBan,
  IconBuildingStore,
  IconExternalLink,
  IconGauge,
  IconLogout,
  IconMenu2,
  IconRefresh,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from '../../../lib/router';
import { usePickupBoardLink } from '../api/pickup-board-link';
import classes from './kitchen.module.css';
import { KitchenCapacityPanel } from './kitchen-capacity';
import { pickupBoardUrl, RotatePickupBoardLinkModal } from './pickup-board-link';
import { SoldOutPanel } from './sold-out-panel';

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

/**
 * The top bar's "Sold out" button (the panel of meals to mark sold out) and its menu: kitchen
 * capacity and the pickup board (back office), full screen, the portal's links and Log out.
 */
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
  const [soldOut, setSoldOut] = useState(false);
  const [capacity, setCapacity] = useState(false);
  return (
    <>
      <Button
        className={classes.touch}
        variant="white"
        color="dark"
        leftSection={<IconBan aria-hidden size={20} />}
        aria-haspopup="dialog"
        onClick={() => setSoldOut(true)}
      >
        Sold out
      </Button>
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
              <Menu.Item
                leftSection={<IconGauge aria-hidden size={18} />}
                onClick={() => setCapacity(true)}
                py="sm"
              >
                Kitchen capacity…
              </Menu.Item>
              <Menu.Divider />
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
      <SoldOutPanel locationId={locationId} opened={soldOut} onClose={() => setSoldOut(false)} />
      {backOffice && (
        <Modal
          opened={capacity}
          onClose={() => setCapacity(false)}
          title="Kitchen capacity"
          size="lg"
          closeButtonProps={{ 'aria-label': 'Close kitchen capacity', size: 'xl' }}
        >
          {/* Saving is the back office's (operators, super admins); kitchen staff do not see it. */}
          {capacity && <KitchenCapacityPanel locationId={locationId} />}
        </Modal>
      )}
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
