import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advicePageSchema, adviceResponseSchema } from '../../../core/schemas/advices.ts';
import { createTestApp, type Guest, signInGuest, type TestApp } from '../../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const long = (seed: string) =>
  `${seed}: ${'I keep waking at four and the house is so quiet that every worry gets loud. '.repeat(3)}`.trim();
const advise = (g: Guest, post_id: number, content = 'Try writing the worries down before bed; it helped me.') =>
  t.call(g, 'POST', '/api/advices', { post_id, content });
const points = async (g: Guest) => (await t.call(g, 'GET', '/api/get/data/user')).body.data.points as number;

describe('advice', () => {
  it('sends advice to the author only, with the post it answers, and +3 points to its sender', async () => {
    const [author, helper, bystander] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('Sleepless') })).body.data;
    const before = await points(helper);
    const sent = await t.call(
      helper,
      'POST',
      '/api/advices',
      { post_id: post.id, content: '  Try a short walk at dusk.  ' },
      { schema: adviceResponseSchema },
    );
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({ post_id: post.id, content: 'Try a short walk at dusk.', post: { id: post.id } });
    expect(sent.body.data.sender.id).toBe(helper.id);
    expect(sent.body.data.post.excerpt).toBe(
      `${Array.from(post.content as string)
        .slice(0, 140)
        .join('')
        .trimEnd()}…`,
    );
    expect(await points(helper)).toBe(before + 3);

    const second = (await advise(bystander, post.id)).body.data;
    const received = await t.call(author, 'GET', '/api/advices', undefined, { schema: advicePageSchema });
    expect(received.body.data.map((a) => a.id)).toEqual([second.id, sent.body.data.id]);
    expect(received.body.meta.total).toBe(2);
    // Private: the senders see none of it in their own lists.
    expect((await t.call(helper, 'GET', '/api/advices')).body.meta.total).toBe(0);
    expect(await t.call(null, 'GET', '/api/advices')).toMatchObject({ status: 401 });

    // Points count what stands: deleting the post takes back what its advice earned.
    expect((await t.call(author, 'DELETE', `/api/posts/${post.id}`)).status).toBe(200);
    expect(await points(helper)).toBe(before);
    expect((await t.call(author, 'GET', '/api/advices')).body.meta.total).toBe(0);
  });

  it('refuses the author’s own post (422), an unknown post (404), advice turned off (403), a block either way (404, as the post’s page), bad text (422)', async () => {
    const [author, helper, blocker] = await Promise.all([signInGuest(t.app), signInGuest(t.app), signInGuest(t.app)]);
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('Worn out') })).body.data;
    const before = await points(helper);
    expect(await advise(author, post.id)).toMatchObject({
      status: 422,
      body: { code: 'VALIDATION', errors: { post_id: [expect.any(String)] } },
    });
    expect(await advise(helper, 99999999)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    for (const content of ['', '    ', 'x'.repeat(2001), 'a\u0000b']) {
      expect(await advise(helper, post.id, content)).toMatchObject({ status: 422, body: { errors: { content: [expect.any(String)] } } });
    }
    expect((await t.call(helper, 'POST', '/api/advices', { post_id: 'x', content: 'hi' })).status).toBe(422);

    expect((await t.call(author, 'POST', '/api/disable-advice', { post_id: post.id })).body).toMatchObject({ advice_disabled: true });
    const disabled = await advise(helper, post.id);
    expect(disabled).toMatchObject({ status: 403, body: { code: 'ADVICE_NOT_ALLOWED' } });
    await t.call(author, 'POST', '/api/disable-advice', { post_id: post.id });
    expect((await advise(helper, post.id)).status).toBe(201);

    // Blocked by the author, or blocking the author: the post is as if missing, as on its page.
    await t.call(author, 'POST', '/api/blocks', { user_id: blocker.id });
    expect(await advise(blocker, post.id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect(await t.call(blocker, 'GET', `/api/posts/${post.id}`)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    await t.call(author, 'DELETE', `/api/blocks/${blocker.id}`);
    await t.call(blocker, 'POST', '/api/blocks', { user_id: author.id });
    expect(await advise(blocker, post.id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // Only the one advice that went through earned points; nothing refused was written.
    expect(await points(helper)).toBe(before + 3);
    expect((await t.call(author, 'GET', '/api/advices')).body.meta.total).toBe(1);
  });

  it('leaves advice from people I blocked out of my list', async () => {
    const [author, helper] = await Promise.all([signInGuest(t.app), signInGuest(t.app)]);
    const post = (await t.call(author, 'POST', '/api/posts', { content: long('Alone again') })).body.data;
    await advise(helper, post.id);
    await t.call(author, 'POST', '/api/blocks', { user_id: helper.id });
    expect((await t.call(author, 'GET', '/api/advices')).body).toMatchObject({ data: [], meta: { total: 0 } });
  });
});
