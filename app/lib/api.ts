/**
 * The one client of the HTTP API, used by loaders (in-process on the server) and by components (through
 * app/lib/browser-api.ts, which loads it with the first call): one object composed of the per-resource modules in
 * `api/`, each typed by the server's response schemas (core/schemas).
 */

export type { ContentLanguages, Created, NoteCheck, QrCode, QrSession } from '../../core/types.ts';
export { ApiError, type ApiOptions } from './api/client.ts';
export { type Api, createApi } from './api/create.ts';
export type { ReportTarget } from './api/reports.ts';
