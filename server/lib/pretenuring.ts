/**
 * V8's allocation-site pretenuring off for the server's process (decision 060).
 *
 * V8 watches where objects are allocated, and a site whose objects mostly outlive a young-generation collection gets
 * them allocated in the old generation from then on. It decides once per site and revisits its choices only after a
 * full collection that finds little of the old generation alive (under 10 %), which never happens to this server:
 * its code, catalogs and schemas are most of its old generation. In the bench's app, the sites where pg builds each
 * row (pg-protocol's DataRow fields, pg's row array) were taken for long-lived, so every row of every query went to
 * the old generation: ~14 KB per `GET /api/posts`, ~5 MB promoted per scavenge, scavenges 3–5× as long, and full
 * collections to free it, none of which the bare handler pays. Without pretenuring, short-lived rows die young as
 * they do there.
 *
 * Set at run time rather than as a node flag so that every way the server is started (npm start, the development
 * server, bench/http.ts's server process) runs with it. V8 reads the flag when it digests allocation feedback after
 * each collection and when it compiles an allocation, so setting it before the first request is enough.
 */
import { setFlagsFromString } from 'node:v8';

export function noAllocationSitePretenuring(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
