export {
  type ApiFetchOptions,
  apiDownload,
  apiFetch,
  type DownloadedFile,
  filenameOfDisposition,
  type ResponseSchema,
} from './api-client';
export { ApiError, isApiError, messageForField, NetworkError } from './api-error';
export { publicCall, publicRoute, publicRouteLazy } from './call';
export { customerFetch, customerRoute, customerRouteLazy } from './customer-fetch';
export {
  isPasswordChangeRequired,
  PASSWORD_CHANGE_REQUIRED,
  staffCall,
  staffDownload,
  staffDownloadRoute,
  staffFetch,
  staffRoute,
} from './staff-fetch';
