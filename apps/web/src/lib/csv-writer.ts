/**
 * The CSV writer, loaded when a file is asked for: it formats phone numbers with libphonenumber's
 * metadata (28 KiB gzipped), which no screen needs before someone downloads a file.
 */
export { toCsv } from '@kitchaco/domain';
