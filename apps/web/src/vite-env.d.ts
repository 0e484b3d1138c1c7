/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Map tiles, `{s}`, `{z}`, `{x}`, `{y}` placeholders as Leaflet reads them; OpenStreetMap by default. */
  readonly VITE_TILE_URL?: string;
  /** Attribution (HTML) of the tiles; OpenStreetMap's by default. */
  readonly VITE_TILE_ATTRIBUTION?: string;
  /**
   * 'test' (the default, as the server's local payment provider is) shows the test card numbers at
   * checkout; 'live' hides them.
   */
  readonly VITE_CARD_PAYMENTS?: 'test' | 'live';
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
