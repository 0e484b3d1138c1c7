import { useEffect, useState } from 'react';

export interface LatLng {
  lat: number;
  lng: number;
}

const OPTIONS: PositionOptions = { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60_000 };

/**
 * The browser's position, asked once; null while waiting and when it is refused or unavailable (the
 * map then stays on the selected location).
 */
export function useBrowserPosition(): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null);
  useEffect(() => {
    if (!('geolocation' in navigator)) return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (active) setPosition({ lat: coords.latitude, lng: coords.longitude });
      },
      (error) => console.info('The map stays on the pickup location: no browser position', error.message),
      OPTIONS,
    );
    return () => {
      active = false;
    };
  }, []);
  return position;
}
