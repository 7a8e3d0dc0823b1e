/**
 * The web app's API client against the real server: every module's paths, methods and bodies reach a route
 * (no 404 or 422 from a typo), and each answer parses with the core/schemas schema its function names, so
 * the types the client hands to components are the shapes the server sends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentPageSchema, commentResponseSchema } from '../../../core/schemas/comments.ts';
import { existsSchema, jsonLdSchema, noticeSchema } from '../../../core/schemas/envelopes.ts';
import { contentLanguagesSchema, languageListSchema } from '../../../core/schemas/languages.ts';
import { moodPageSchema } from '../../../core/schemas/moods.ts';
import { pollResponseSchema } from '../../../core/schemas/polls.ts';
import { moodCreatedSchema, noteCheckSchema, postCreatedSchema, postPageSchema, postResponseSchema } from '../../../core/schemas/posts.ts';
import { qrCodeSchema, qrSessionSchema } from '../../../core/schemas/qr.ts';
import { tagResponseSchema } from '../../../core/schemas/tags.ts';
import { thoughtPageSchema, thoughtResponseSchema } from '../../../core/schemas/thoughts.ts';
import { topicPageSchema, topicResponseSchema } from '../../../core/schemas/topics.ts';
import { authResponseSchema, rankLadderSchema, userResponseSchema } from '../../../core/schemas/users.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/app.ts';
import { type Api, ApiError, createApi } from '../api.ts';
import type { ApiFetch } from '../context.ts';

let t: TestApp;
let anonymous: Api;
let api: Api;

/** The client's fetch, answered by the app in-process; a token, when given, signs the calls in. */
function injectFetch(token: () => string | null): ApiFetch {
  return async (path, init = {}) => {
    const bearer = token();
    const res = await t.app.inject({
      method: init.method as 'GET',
      url: path,
      headers: { ...(init.headers as Record<string, string>), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  };
}

const long = (words: string) => `${words} `.repeat(12).trim();

beforeAll(async () => {
  t = await createTestApp();
  anonymous = createApi(
    injectFetch(() => null),
    { locale: 'en' },
  );
  const session = authResponseSchema.parse(await anonymous.guestLogin());
  api = createApi(
    injectFetch(() => session.token),
    { locale: 'en' },
  );
});
afterAll(() => t.close());

describe('the API client', () => {
  it('signs in, reads the account and the languages, and starts a QR sign-in', async () => {
    const me = userResponseSchema.parse(await api.currentUser());
    expect(me.data.locale).toBe('en');
    expect(languageListSchema.parse(await anonymous.languages()).data).toHaveLength(37);
    expect(rankLadderSchema.parse(await api.rankLadder()).user_rank.filter((step) => step.is_current)).toHaveLength(1);
    const avatars = await api.avatars();
    const updated = await api.updateAccount(me.data.id, { avatar_id: avatars.data[0].id, theme: 'dark' });
    expect([updated.user.avatar?.id, updated.user.theme]).toEqual([avatars.data[0].id, 'dark']);
    const [suggestion] = (await api.nicknameSuggestions()).data;
    expect((await api.updateUser(me.data.id, { nickname_id: suggestion.id })).user.nickname).toBe(suggestion.nickname);
    expect(contentLanguagesSchema.parse(await api.storeContentLanguages(['en']))).toEqual({ data: ['en'], auto_detect: true });
    expect(await api.toggleAutoDetectLanguages()).toEqual({ data: ['en'], auto_detect: false });
    expect(await api.contentLanguages()).toEqual({ data: ['en'], auto_detect: false });
    const qr = qrCodeSchema.parse(await anonymous.createQr());
    expect(qrSessionSchema.parse(await anonymous.checkQrSession(qr.qrToken))).toEqual({ status: 'pending' });
    expect(await api.approveQr(qr.qrToken)).toEqual({ message: 'You are now signed in on your other device.' });
  });

  it('writes, reads and acts on posts, moods, polls, tags and comments', async () => {
    expect(noteCheckSchema.parse(await api.checkNewNote())).toEqual({ isAllowed: true });
    const created = postCreatedSchema.parse(await api.createPost({ content: `${long('A long week at work')} #clienttest` }));
    const id = created.data.id;
    const { tags } = postResponseSchema.parse(await api.post(id)).data;
    expect(tags.map((tag) => tag.name)).toEqual(['clienttest']);
    expect(postPageSchema.parse(await anonymous.posts()).data.map((p) => p.id)).toEqual([id]);
    expect((await api.postsByKeyword('week')).meta.total).toBe(1);
    expect(await api.support(id, true)).toEqual({ supports_count: 1, is_supported: true });
    expect(await api.support(id, false)).toEqual({ supports_count: 0, is_supported: false });
    expect(await api.favorite(id)).toEqual({ is_favorited: true });
    expect(await api.hidePost(id, true)).toEqual({ is_hidden: true });
    expect(await api.hidePost(id, false)).toEqual({ is_hidden: false });
    expect(await api.postSwitch(id, 'disable-share')).toEqual({ share_disabled: true });
    expect(existsSchema.parse(await anonymous.checkProblemUrl(id))).toEqual({ exists: true });
    expect(jsonLdSchema.parse(await anonymous.postJsonLd(id))['@type']).toBe('DiscussionForumPosting');
    expect((await anonymous.relatedPosts(id)).data).toEqual([]);
    const tagId = tags[0].id;
    expect(tagResponseSchema.parse(await anonymous.tag(tagId)).data).toEqual({ id: tagId, name: 'clienttest', posts_count: 1 });
    expect((await anonymous.tagPosts(tagId)).meta.total).toBe(1);
    expect(await anonymous.checkTagUrl(tagId)).toEqual({ exists: true });

    const comment = commentResponseSchema.parse(await api.addComment(id, 'You are not alone.')).data;
    const reply = (await api.replyTo(comment.id, 'Thank you.')).data;
    expect((await anonymous.trendingPosts()).data.map((p) => p.id)).toEqual([id]);
    expect(commentPageSchema.parse(await anonymous.postComments(id)).data[0].replies.map((r) => r.id)).toEqual([reply.id]);
    expect((await anonymous.commentReplies(comment.id)).data.map((r) => r.id)).toEqual([reply.id]);
    expect((await api.updateComment(reply.id, 'Thank you, truly.')).data.content).toBe('Thank you, truly.');
    expect(await api.voteComment(comment.id, 1)).toEqual({ votes_score: 1, my_vote: 1 });
    expect(await api.deleteComment(reply.id)).toBeUndefined();

    const feeling = (await api.feelings('mood')).data[0];
    const mood = moodCreatedSchema.parse(
      await api.createMood({ content: 'Tired but hopeful', feeling_id: feeling.id, poll: { options: ['Yes', 'No'] } }),
    ).data;
    expect(moodPageSchema.parse(await anonymous.moodList()).data.map((m) => m.id)).toEqual([mood.id]);
    expect(await api.interact(mood.id, 'hug')).toEqual({
      interactions: { hug: 1, relate: 0, strength: 0, care: 0 },
      my_interaction: 'hug',
    });
    expect(await api.interact(mood.id, null)).toEqual({
      interactions: { hug: 0, relate: 0, strength: 0, care: 0 },
      my_interaction: null,
    });
    expect(await api.hideMood(mood.id, true)).toEqual({ is_hidden: true });
    const option = mood.poll?.options[0].id ?? 0;
    expect(pollResponseSchema.parse(await api.vote(option)).data.my_vote_option_id).toBe(option);
    expect((await api.removeVote(mood.poll?.id ?? 0)).data.my_vote_option_id).toBe(null);
    expect((await api.updateMood(mood.id, { content: 'Tired, still hopeful', feeling_id: feeling.id })).data.content).toBe(
      'Tired, still hopeful',
    );

    const reasons = (await anonymous.reportTypes()).data;
    expect(noticeSchema.parse(await api.report('comment', comment.id, reasons[0].id)).message).toBe('Thanks for reporting this comment');
    expect(await api.deleteMood(mood.id)).toEqual({ message: 'Mood Deleted' });
    expect(await api.deletePost(id)).toEqual({
      message: 'Post Deleted',
      description: 'Post has been successfully deleted.',
    });
  });

  it('writes and reads topics and thoughts', async () => {
    const [category] = (await anonymous.categories()).data;
    const [cover] = (await anonymous.topicCovers()).data;
    const topic = (
      await api.createTopic({ title: 'Starting over', description: 'New city, new job.', category_id: category.id, cover_id: cover.id })
    ).data;
    expect(topicResponseSchema.parse(await anonymous.topic(topic.id)).data.title).toBe('Starting over');
    expect(topicPageSchema.parse(await anonymous.topics(1, category.id)).data.map((x) => x.id)).toEqual([topic.id]);
    expect((await anonymous.latestTopics()).data.map((x) => x.id)).toEqual([topic.id]);
    expect((await anonymous.trendingTopics()).data).toEqual([]);
    expect((await anonymous.relatedTopics(topic.id)).data).toEqual([]);
    const inTopic = await api.createPost({ content: long('Moving to a new city alone'), topic_id: topic.id });
    expect((await anonymous.topicPosts(topic.id)).data.map((p) => p.id)).toEqual([inTopic.data.id]);
    expect((await anonymous.topicJsonLd(topic.id))['@type']).toBe('DiscussionForumPosting');

    const thought = thoughtResponseSchema.parse(await api.createThought('Small steps count.')).data;
    expect(thoughtPageSchema.parse(await anonymous.thoughts()).data.map((x) => x.id)).toEqual([thought.id]);
    expect((await api.updateThought(thought.id, 'Small steps still count.')).data.content).toBe('Small steps still count.');
    expect(await api.reactToThought(thought.id, 'hope')).toEqual({
      reactions: { love: 0, insightful: 0, relate: 0, hope: 1 },
      my_reaction: 'hope',
    });
    expect((await anonymous.thought(thought.id)).data.reactions.hope).toBe(1);
    expect((await anonymous.popularThoughts()).data.map((x) => x.id)).toEqual([thought.id]);
    expect((await anonymous.topContributors()).data.map((c) => c.thoughts_count)).toEqual([1]);
    expect((await anonymous.relatedThoughts(thought.id)).data).toEqual([]);
    expect(await anonymous.checkThoughtUrl(thought.id)).toEqual({ exists: true });
    expect((await anonymous.thoughtJsonLd(thought.id))['@type']).toBe('SocialMediaPosting');
    expect(await api.deleteThought(thought.id)).toBeUndefined();
  });

  it('throws an ApiError with the status and the error body, and signs out', async () => {
    const failure = (call: Promise<unknown>) =>
      call.then(
        () => {
          throw new Error('the call succeeded');
        },
        (err: unknown) => {
          if (err instanceof ApiError) return [err.status, err.body];
          throw err;
        },
      );
    expect(await failure(anonymous.post(2_000_000))).toEqual([404, { code: 'NOT_FOUND', message: 'Not found.' }]);
    expect(await api.logout()).toBeUndefined();
    expect(await failure(api.currentUser())).toEqual([401, { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' }]);
  });
});
