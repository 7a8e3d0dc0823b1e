/** The worker thread that owns PGlite when it runs off the main thread (client.ts, `worker: true`). */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sendError } from './client.ts';
import { PgliteHost, type Request } from './host.ts';

const port = parentPort;
if (!port) throw new Error('db/pglite/worker.ts runs as a worker thread');
const { dataDir } = workerData as { dataDir?: string };

try {
  const host = new PgliteHost(await PGlite.create({ dataDir, extensions: { pg_trgm } }));
  port.on('message', ({ id, request }: { id: number; request: Request }) => {
    host.submit(request).then(
      (result) => port.postMessage({ id, result }),
      (error) => port.postMessage({ id, error: sendError(error) }),
    );
  });
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ failed: sendError(error) });
}
