import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';

/**
 * Leaflet finds its default marker images by reading a path out of its stylesheet, which breaks once
 * Vite has bundled and renamed them. The images are imported instead (Vite gives their final
 * addresses) and set on the default icon; a string `imagePath` stops the path detection.
 */
L.Icon.Default.imagePath = '';
L.Icon.Default.mergeOptions({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIconRetinaUrl,
  shadowUrl: markerShadowUrl,
});

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** Tiles from VITE_TILE_URL, else OpenStreetMap's standard tiles. */
export const TILES = {
  url: import.meta.env.VITE_TILE_URL || OSM_TILES,
  attribution: import.meta.env.VITE_TILE_ATTRIBUTION || OSM_ATTRIBUTION,
};
