import {
  addLocationRequest,
  type CallInput,
  DEFAULT_TIME_ZONE,
  type OpeningHours,
  type staffCalls,
} from '@kitchaco/domain';
import { type FieldErrors, fieldErrors } from '../../../lib/schema-errors';

export type AddLocationInput = CallInput<typeof staffCalls.addLocation>;

/** The location form's values as the inputs hold them. */
export interface LocationFormValues {
  name: string;
  address: string;
  suburb: string;
  lat: string | number;
  lng: string | number;
  time_zone: string;
  email: string;
  external_operator_id: string | null;
  delivery_charge: string | number;
}

export const EMPTY_LOCATION: LocationFormValues = {
  name: '',
  address: '',
  suburb: '',
  lat: '',
  lng: '',
  time_zone: DEFAULT_TIME_ZONE,
  email: '',
  external_operator_id: null,
  delivery_charge: '',
};

/** The zones a location here is most likely in; any other IANA zone can be typed. */
export const COMMON_TIME_ZONES = [
  'Australia/Melbourne',
  'Australia/Sydney',
  'Australia/Brisbane',
  'Australia/Adelaide',
  'Australia/Darwin',
  'Australia/Perth',
  'Australia/Hobart',
  'Europe/London',
];

const coordinate = (v: string | number): number | undefined =>
  v === '' || v === null ? undefined : Number(v);

/** The request: blanks of the optional fields are left out; `hours` null while a day is wrong. */
export function toLocationRequest(v: LocationFormValues, hours: OpeningHours | null): AddLocationInput {
  return {
    name: v.name,
    address: v.address,
    suburb: v.suburb,
    lat: coordinate(v.lat) as number,
    lng: coordinate(v.lng) as number,
    time_zone: v.time_zone.trim() || DEFAULT_TIME_ZONE,
    opening_hours: hours ?? {},
    email: v.email.trim() ? v.email.trim() : null,
    external_operator_id: v.external_operator_id ? Number(v.external_operator_id) : null,
    ...(v.delivery_charge === '' ? {} : { delivery_charge: String(v.delivery_charge) }),
  };
}

/** The server's own checks, in words beside each field. */
export function locationFormErrors(v: LocationFormValues): FieldErrors {
  const parsed = addLocationRequest.safeParse(toLocationRequest(v, {}));
  const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
  if (v.lat === '') errors.lat = 'Enter the latitude';
  if (v.lng === '') errors.lng = 'Enter the longitude';
  return errors;
}
