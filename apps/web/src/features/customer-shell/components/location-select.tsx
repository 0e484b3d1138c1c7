import { IconChevronDown, IconMapPin } from '@tabler/icons-react';
import { CUSTOMER_PATHS } from '../../../lib/customer-paths';
import { useNavigate } from '../../../lib/router';
import { useChangeLocation } from '../hooks/use-change-location';
import { useSelectedLocation } from '../hooks/use-selected-location';
import classes from './location-select.module.css';

/**
 * The header's location dropdown. A change is confirmed first, because it empties the cart. A native
 * select: the browser gives it its list, keyboard use and screen reader support; drawn like the
 * theme's inputs by its own small stylesheet, it spares every customer first screen the code of
 * Mantine's input family, Combobox and Floating UI (docs/performance.md).
 */
export function LocationSelect() {
  const { location, locations } = useSelectedLocation();
  const navigate = useNavigate();
  const changeLocation = useChangeLocation(location?.id);
  const list = locations.data ?? [];

  const confirmChange = (value: string) => {
    const next = list.find((l) => String(l.id) === value);
    if (!next || next.id === location?.id) return;
    changeLocation(next, { alwaysConfirm: true, onChanged: () => navigate(CUSTOMER_PATHS.home) });
  };

  return (
    <div className={classes.root}>
      <span className={`${classes.section} ${classes.left}`}>
        <IconMapPin aria-hidden size={18} />
      </span>
      <select
        className={classes.select}
        aria-label="Pickup location"
        value={location ? String(location.id) : ''}
        onChange={(event) => confirmChange(event.currentTarget.value)}
        disabled={list.length === 0}
      >
        {list.length === 0 ? (
          <option value="">{locations.isPending ? 'Loading locations…' : 'No locations'}</option>
        ) : (
          list.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))
        )}
      </select>
      <span className={`${classes.section} ${classes.right}`}>
        <IconChevronDown aria-hidden size={16} />
      </span>
    </div>
  );
}
