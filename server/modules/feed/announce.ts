/**
 * The "new posts" pill's event. An open list of a feed hears `feed:new` for each new item, except the lists of the
 * people a block separates from its author (either blocked the other): notBlocked leaves the item out of those lists,
 * so their pill would offer a post the reload does not show. socket.io's `except` names those people's user rooms,
 * so this holds across instances (Redis).
 */
import type { FastifyInstance } from 'fastify';
import type { FeedNew, PublicRoom } from '../../../core/realtime.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { userRoom } from '../../plugins/realtime.ts';
import { peopleApartFrom } from '../blocks/service.ts';

export interface FeedNews {
  room: PublicRoom;
  item: FeedNew;
}

/**
 * Never throws: the item is already stored when this runs, and an answer of 500 would make its author write it again
 * (and meet the duplicate rule) for a pill that is only a hint.
 */
export async function announceNew(fastify: FastifyInstance, db: DbOrTx, news: FeedNews, authorId: number): Promise<void> {
  try {
    const apart = await peopleApartFrom(db, authorId);
    fastify.realtime.toRoom(news.room).except(apart.map(userRoom)).emit('feed:new', news.item);
  } catch (err) {
    fastify.log.warn({ err }, 'feed:new not announced');
  }
}
