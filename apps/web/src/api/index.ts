export {
  type ApiFetchOptions,
  apiDownload,
  apiFetch,
  type DownloadedFile,
  filenameOfDisposition,
  type ResponseSchema,
} from './api-client';
export { ApiError, isApiError, messageForField, NetworkError } from './api-error';
export { customerFetch } from './customer-fetch';
export { staffDownload, staffFetch } from './staff-fetch';
