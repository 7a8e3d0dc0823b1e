/**
 * Starts the job queue with the app and stops it with the app: handlers are registered while plugins load
 * (`app.jobs.work`), workers start once the app is ready, and on close the queue stops taking jobs and waits for
 * the running ones before the database is closed.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './queue.ts';
import { releaseQueue, setCurrentQueue } from './registry.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export default fp(
  async function jobs(app: FastifyInstance, opts: { database: Database }) {
    const queue = await createJobQueue({
      database: opts.database,
      url: opts.database.url,
      logger: { error: (obj, msg) => app.log.error(obj, msg), warn: (obj, msg) => app.log.warn(obj, msg) },
    });
    app.decorate('jobs', queue);
    setCurrentQueue(queue);
    app.addHook('onReady', async () => {
      await queue.start();
    });
    app.addHook('preClose', async () => {
      releaseQueue(queue);
      await queue.stop();
    });
  },
  { name: 'jobs' },
);
