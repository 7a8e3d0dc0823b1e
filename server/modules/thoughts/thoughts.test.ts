import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (g: Guest | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: g?.auth ?? {}, payload: payload as Record<string, unknown> | undefined });

async function newThought(g: Guest, content = `Small steps still count ${Math.random().toString(36).slice(2, 6)}`) {
  const res = await call(g, 'POST', '/api/thoughts', { content });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; content: string };
}

describe('thoughts', () => {
  it('writes, lists, shows, edits and deletes, for the author only', async () => {
    const author = await signInGuest(t.app);
    const other = await signInGuest(t.app);
    const th = await newThought(author, 'Rest is not a reward, it is a need.');
    expect((await call(null, 'GET', `/api/thoughts/${th.id}`)).json().data).toMatchObject({
      id: th.id,
      slug: String(th.id),
      is_mine: false,
      my_reaction: null,
    });
    const list = (await call(null, 'GET', '/api/thoughts')).json();
    expect(list.data[0].id).toBe(th.id);
    expect(list.meta.total).toBeGreaterThanOrEqual(1);

    expect((await call(other, 'PUT', `/api/thoughts/${th.id}`, { content: 'Mine now' })).statusCode).toBe(403);
    expect((await call(null, 'PUT', `/api/thoughts/${th.id}`, { content: 'Mine now' })).statusCode).toBe(401);
    const edited = await call(author, 'PUT', `/api/thoughts/${th.id}`, { content: 'Rest is a need, not a reward.' });
    expect(edited.json().data.content).toBe('Rest is a need, not a reward.');
    expect((await call(author, 'PUT', `/api/thoughts/${th.id}`, { content: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await call(author, 'POST', '/api/thoughts', { content: '   ' })).statusCode).toBe(422);

    expect((await call(other, 'DELETE', `/api/thoughts/${th.id}`)).statusCode).toBe(403);
    expect((await call(author, 'DELETE', `/api/thoughts/${th.id}`)).statusCode).toBe(204);
    expect((await call(null, 'GET', `/api/thoughts/${th.id}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/check-thought-url?id=${th.id}`)).json()).toEqual({ exists: false });
    expect((await call(author, 'DELETE', `/api/thoughts/${th.id}`)).statusCode).toBe(404);
  });

  it('keeps one reaction per reader: same type again removes it, another replaces it', async () => {
    const author = await signInGuest(t.app);
    const [a, b] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const th = await newThought(author);
    const react = (g: Guest, type: string) => call(g, 'POST', '/api/thoughts-reaction', { thought_id: th.id, type });
    expect((await react(a, 'love')).json()).toEqual({ reactions: { love: 1, insightful: 0, relate: 0, hope: 0 }, my_reaction: 'love' });
    await react(b, 'love');
    expect((await react(a, 'hope')).json()).toEqual({ reactions: { love: 1, insightful: 0, relate: 0, hope: 1 }, my_reaction: 'hope' });
    expect((await react(a, 'hope')).json()).toEqual({ reactions: { love: 1, insightful: 0, relate: 0, hope: 0 }, my_reaction: null });
    expect((await call(b, 'GET', `/api/thoughts/${th.id}`)).json().data.my_reaction).toBe('love');
    expect((await react(a, 'angry')).statusCode).toBe(422);
    expect((await call(null, 'POST', '/api/thoughts-reaction', { thought_id: th.id, type: 'love' })).statusCode).toBe(401);
    expect((await call(a, 'POST', '/api/thoughts-reaction', { thought_id: 999999, type: 'love' })).statusCode).toBe(404);
  });

  it('lists popular thoughts, top contributors, related thoughts and JSON-LD', async () => {
    const prolific = await signInGuest(t.app);
    const reader = await signInGuest(t.app);
    const ths = [];
    for (let i = 0; i < 3; i++) ths.push(await newThought(prolific, `Gratitude note number ${i} for a quiet morning`));
    await call(reader, 'POST', '/api/thoughts-reaction', { thought_id: ths[1].id, type: 'insightful' });
    const popular = (await call(null, 'GET', '/api/thoughts/popular')).json().data.map((x: { id: number }) => x.id);
    expect(popular[0]).toBe(ths[1].id);
    const top = (await call(null, 'GET', '/api/thoughts/top/contributers')).json().data;
    expect(top[0]).toMatchObject({ user: { id: prolific.id }, thoughts_count: 3 });
    const related = (await call(null, 'GET', `/api/relatedThoughts?thought_id=${ths[0].id}`)).json().data.map((x: { id: number }) => x.id);
    expect(related).toContain(ths[1].id);
    expect(related).not.toContain(ths[0].id);
    expect((await call(null, 'GET', '/api/relatedThoughts?thought_id=999999')).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/check-thought-url?id=${ths[0].id}`)).json()).toEqual({ exists: true });
    expect((await call(null, 'GET', `/api/schema/thought/${ths[0].id}`)).json()).toMatchObject({ '@type': 'SocialMediaPosting' });
  });
});
