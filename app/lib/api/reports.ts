/** Reports of posts, moods, comments and messages, and the reasons to choose from. */
import type { noticeSchema } from '../../../core/schemas/envelopes.ts';
import type { reportTypeListSchema } from '../../../core/schemas/reports.ts';
import type { Http } from './client.ts';

export type ReportTarget = 'post' | 'mood' | 'comment' | 'thought' | 'topic' | 'message';
const REPORT_PATHS: Record<ReportTarget, string> = {
  post: '/api/reports',
  mood: '/api/user/store/report/mood',
  comment: '/api/report-comment',
  message: '/api/report-message',
  thought: '/api/report-thought',
  topic: '/api/report-topic',
};

export function reportsApi(http: Http) {
  return {
    reportTypes: () => http.json<typeof reportTypeListSchema>('GET', '/api/report-types'),
    report: (target: ReportTarget, id: number, reportTypeId: number, note?: string) =>
      http.json<typeof noticeSchema>('POST', REPORT_PATHS[target], {
        [`${target}_id`]: id,
        report_type_id: reportTypeId,
        ...(note ? { note } : {}),
      }),
  };
}
