/** API.md "Comments, reports": report reasons and reports of posts, moods and comments. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REPORT_NOTE_MAX } from '../../../core/limits.ts';
import { noticeSchema } from '../../../core/schemas/envelopes.ts';
import { reportTypeListSchema } from '../../../core/schemas/reports.ts';
import type { Db } from '../../../db/client.ts';
import { errorOf, errorSchema, idField, userString } from '../../lib/http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { announceQueue } from '../moderation/routes.ts';
import { writeLimited } from '../writes/schemas.ts';
import { listReportTypes, type ReportTarget, report } from './service.ts';

const endpoints: [path: string, target: ReportTarget, field: string][] = [
  ['/api/reports', 'post', 'post_id'],
  ['/api/user/store/report/mood', 'mood', 'mood_id'],
  ['/api/report-comment', 'comment', 'comment_id'],
  ['/api/report-thought', 'thought', 'thought_id'],
  ['/api/report-topic', 'topic', 'topic_id'],
];

const reportBody = { report_type_id: idField, note: userString().trim().max(REPORT_NOTE_MAX).optional() };

export default async function reportRoutes(fastify: FastifyInstance, opts: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;

  app.get(
    '/api/report-types',
    {
      schema: {
        tags: ['reports'],
        summary: 'Reasons for a report, named in the request language',
        response: { 200: reportTypeListSchema },
      },
    },
    async (request) => ({ data: await listReportTypes(db, request.locale) }),
  );

  for (const [path, target, field] of endpoints) {
    app.post(
      path,
      {
        // The third report hides the item from guests; reports are few, so every one clears the guest cache.
        // A suspended person may still report.
        config: { changesGuestView: true, allowWhileSuspended: true },
        onRequest: app.requireUser,
        schema: {
          tags: ['reports'],
          summary: `Report a ${target} (once per user)`,
          body: z.object({ [field]: idField, ...reportBody }),
          response: {
            201: noticeSchema,
            404: errorSchema,
            422: errorOf('ALREADY_REPORTED: this user already reported it; VALIDATION: `errors` names each bad field'),
            429: writeLimited('report'),
          },
        },
      },
      async (request, reply) => {
        const body = request.body as { report_type_id: number; note?: string } & Record<string, number>;
        await report(db, currentUser(request).id, target, body[field], body);
        announceQueue(fastify, 'queued');
        return reply
          .code(201)
          .send({ message: request.t(`reports.thanks_${target}`), description: request.t(`reports.description_${target}`) });
      },
    );
  }
}
