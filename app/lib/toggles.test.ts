import { describe, expect, it } from 'vitest';
import type { Poll, Thought } from '../../core/types.ts';
import { createApi } from './api.ts';
import { readItem, toggleItem } from './items.ts';
import { moveReaction, pollVote, thoughtReaction } from './toggles.ts';

/**
 * A fake API server: records each call's method, path and body and answers with `answer`'s JSON. Each answer
 * waits for `release`, so a test can click again while a request is in flight.
 */
function fakeServer(answer: (path: string, body: Record<string, unknown>) => unknown) {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  const api = createApi(
    async (path, init) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      calls.push(`${init?.method} ${path} ${JSON.stringify(body)}`);
      await new Promise<void>((resolve) => waiting.push(resolve));
      return Response.json(answer(path, body));
    },
    { locale: 'en' },
  );
  const release = async () => {
    waiting.shift()?.();
    // Lets the answer reach the store and the queue send what comes next.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };
  return { api, calls, release };
}

describe('toggles', () => {
  it('moves one reaction between counts', () => {
    expect(moveReaction({ hug: 2, care: 0 }, 'hug', 'care')).toEqual({ hug: 1, care: 1 });
    expect(moveReaction({ hug: 2, care: 0 }, null, 'hug')).toEqual({ hug: 3, care: 0 });
    expect(moveReaction({ hug: 2, care: 0 }, 'hug', null)).toEqual({ hug: 1, care: 0 });
  });
  it('a thought reaction moved twice quickly sends the last pick, or takes back the one the server holds', async () => {
    const thought: Thought = {
      id: 7001,
      slug: 't',
      content: 'A thought',
      language: 'en',
      user: { id: 1, nickname: 'Kind Owl', avatar: null, rank: { id: 1, name: 'Newcomer', level: 1 } },
      reactions: { love: 2, insightful: 0, relate: 0, hope: 0 },
      my_reaction: null,
      is_mine: false,
      created_at: '2026-11-24T10:00:00.000Z',
    };
    const server = { reactions: { ...thought.reactions }, my_reaction: null as string | null };
    const { api, calls, release } = fakeServer((_path, body) => {
      const type = body.type as string;
      if (server.my_reaction) server.reactions[server.my_reaction as 'love']--;
      server.my_reaction = server.my_reaction === type ? null : type;
      if (server.my_reaction) server.reactions[server.my_reaction as 'love']++;
      return { reactions: { ...server.reactions }, my_reaction: server.my_reaction };
    });
    readItem('thought', thought);
    const how = thoughtReaction(api);

    const done = toggleItem('thought', thought.id, 'love', how);
    await toggleItem('thought', thought.id, 'hope', how);
    expect(readItem('thought', thought)).toMatchObject({ my_reaction: 'hope', reactions: { love: 2, hope: 1 } });
    await release();
    // The server holds love; the reader's last pick is hope, so hope is sent.
    expect(readItem('thought', thought)).toMatchObject({ my_reaction: 'hope', reactions: { love: 2, hope: 1 } });
    await toggleItem('thought', thought.id, null, how);
    await release();
    // The server now holds hope; the last pick is none, so the same type goes again to take it back.
    await release();
    await done;
    expect(calls).toEqual([
      'POST /api/thoughts-reaction {"thought_id":7001,"type":"love"}',
      'POST /api/thoughts-reaction {"thought_id":7001,"type":"hope"}',
      'POST /api/thoughts-reaction {"thought_id":7001,"type":"hope"}',
    ]);
    expect(server).toEqual({ reactions: { love: 2, insightful: 0, relate: 0, hope: 0 }, my_reaction: null });
    expect(readItem('thought', thought)).toMatchObject({ my_reaction: null, reactions: { love: 2, hope: 0 } });
  });

  it('a poll vote moves between options at once and ends with the server holding the last one', async () => {
    const poll: Poll = {
      id: 8001,
      question: null,
      options: [
        { id: 1, text: 'Talk', votes_count: 3 },
        { id: 2, text: 'Wait', votes_count: 1 },
      ],
      votes_count: 4,
      my_vote_option_id: null,
    };
    const counts = (option: number | null): Poll => ({
      ...poll,
      my_vote_option_id: option,
      votes_count: option === null ? 4 : 5,
      options: poll.options.map((o) => ({ ...o, votes_count: o.votes_count + (o.id === option ? 1 : 0) })),
    });
    const { api, calls, release } = fakeServer((path, body) => ({
      data: counts(path.endsWith('/remove/vote') ? null : (body.poll_option_id as number)),
    }));
    readItem('poll', poll);
    const how = pollVote(api);

    const done = toggleItem('poll', poll.id, 1, how);
    expect(readItem('poll', poll)).toEqual(counts(1));
    await toggleItem('poll', poll.id, 2, how);
    expect(readItem('poll', poll)).toEqual(counts(2));
    await release();
    expect(readItem('poll', poll)).toEqual(counts(2));
    await release();
    await done;
    expect(calls).toEqual(['POST /api/user/update/vote {"poll_option_id":1}', 'POST /api/user/update/vote {"poll_option_id":2}']);
    expect(readItem('poll', poll)).toEqual(counts(2));

    const removal = toggleItem('poll', poll.id, null, how);
    expect(readItem('poll', poll)).toEqual(counts(null));
    await release();
    await removal;
    expect(calls.at(-1)).toBe('POST /api/user/remove/vote {"poll_id":8001}');
    expect(readItem('poll', poll)).toEqual(counts(null));
  });
});
