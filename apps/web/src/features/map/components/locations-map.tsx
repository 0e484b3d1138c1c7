import { type KitchacoLocation, MAP_DEFAULT_ZOOM } from '@kitchaco/domain';
import { Box } from '@mantine/core';
import type { TooltipEvent } from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { type LatLng, useBrowserPosition } from '../hooks/use-browser-position';
import { TILES } from '../leaflet-setup';
import classes from './locations-map.module.css';

interface LocationsMapProps {
  locations: readonly KitchacoLocation[];
  selected: KitchacoLocation | undefined;
  onSelectLocation: (location: KitchacoLocation) => void;
  height: number;
}

/** Moves the map when its centre changes (MapContainer reads `center` only once). */
function Recentre({ centre }: { centre: LatLng }) {
  const map = useMap();
  useEffect(() => {
    map.setView([centre.lat, centre.lng], map.getZoom(), { animate: false });
  }, [map, centre.lat, centre.lng]);
  return null;
}

/**
 * The markers' name labels are for the eye: each marker is a button already named after its
 * location, so the labels are hidden from screen readers (they would read every name twice). Set as
 * each label opens, before React fills it, so no label is ever an unnamed tooltip, also while a
 * changed label is made again.
 */
function LabelsForTheEyeOnly() {
  const map = useMap();
  useEffect(() => {
    const hide = ({ tooltip }: TooltipEvent) => tooltip.getElement()?.setAttribute('aria-hidden', 'true');
    for (const label of map.getContainer().querySelectorAll('.leaflet-tooltip'))
      label.setAttribute('aria-hidden', 'true');
    map.on('tooltipopen', hide);
    return () => {
      map.off('tooltipopen', hide);
    };
  }, [map]);
  return null;
}

/**
 * The pickup locations on a map centred on the browser's position (the selected location while that
 * is unknown or refused). Markers are keyboard buttons named after their location; the map and its
 * markers work even when no tile can be loaded.
 */
export function LocationsMap({ locations, selected, onSelectLocation, height }: LocationsMapProps) {
  const position = useBrowserPosition();
  const fallback = selected ?? locations[0];
  const centre: LatLng | null = position ?? (fallback ? { lat: fallback.lat, lng: fallback.lng } : null);
  if (!centre) return null;

  return (
    <Box component="section" aria-label="Map of pickup locations" className={classes.frame} h={height}>
      <MapContainer
        center={[centre.lat, centre.lng]}
        zoom={MAP_DEFAULT_ZOOM}
        zoomSnap={0.5}
        zoomDelta={0.5}
        scrollWheelZoom
        className={classes.map}
      >
        <LabelsForTheEyeOnly />
        <Recentre centre={centre} />
        <TileLayer url={TILES.url} attribution={TILES.attribution} />
        {locations.map((location) => (
          <Marker
            key={location.id}
            position={[location.lat, location.lng]}
            title={`${location.name}: ${location.location}`}
            alt={`${location.name} pickup location`}
            keyboard
            eventHandlers={{
              click: () => onSelectLocation(location),
              // Leaflet makes a keyboard marker focusable but turns Enter into a click only for a
              // popup: Enter and Space choose the location, as on any button.
              keydown: ({ originalEvent: key }) => {
                if (key.key !== 'Enter' && key.key !== ' ') return;
                key.preventDefault();
                onSelectLocation(location);
              },
            }}
          >
            <Tooltip
              direction="right"
              offset={[-2, -20]}
              permanent
              opacity={1}
              className={location.id === selected?.id ? classes.selectedLabel : classes.label}
            >
              {location.name}
            </Tooltip>
          </Marker>
        ))}
      </MapContainer>
    </Box>
  );
}
