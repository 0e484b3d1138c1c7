export { type ApiFetchOptions, apiFetch, type ResponseSchema } from './api-client';
export { ApiError, isApiError, messageForField, NetworkError } from './api-error';
export { customerFetch, staffFetch } from './session-fetch';
