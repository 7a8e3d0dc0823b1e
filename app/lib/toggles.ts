/**
 * The toggles of posts, moods, thoughts, comments and polls (see `toggleItem` in items.ts), and `useToggle`,
 * which asks a signed-out reader to sign in first and reports a failure once.
 */
import { useCallback } from 'react';
import type { PostSwitch } from '../../core/schemas/posts.ts';
import type { Comment, Mood, Poll, Post, Thought } from '../../core/types.ts';
import type { Api } from './api.ts';
import { type Items, type Kind, type Toggle, toggleItem } from './items.ts';
import { useSession } from './session.tsx';
import { useSignIn } from './signin.tsx';
import { useToast } from './toast.tsx';

/** Counts with the reader's one reaction moved from `from` to `to` (either may be none). */
export function moveReaction<C extends Record<string, number>>(counts: C, from: string | null, to: string | null): C {
  if (from === to) return counts;
  const next: Record<string, number> = { ...counts };
  if (from) next[from] = Math.max(0, (next[from] ?? 1) - 1);
  if (to) next[to] = (next[to] ?? 0) + 1;
  return next as C;
}

export const support = (api: Api): Toggle<Post, boolean> => ({
  group: 'support',
  valueOf: (post) => post.is_supported,
  show: (on, post) => ({
    is_supported: on,
    supports_count: post.supports_count + (on === post.is_supported ? 0 : on ? 1 : -1),
  }),
  send: (on, post) => api.support(post.id, on),
});

/** The server flips the favorite on each call. */
export const favorite = (api: Api): Toggle<Post, boolean> => ({
  group: 'favorite',
  valueOf: (post) => post.is_favorited,
  show: (on) => ({ is_favorited: on }),
  send: (_on, post) => api.favorite(post.id),
});

/** The flag of the post each switch flips. */
export const POST_SWITCHES = {
  'disable-share': 'share_disabled',
  'disable-advice': 'advice_disabled',
  'disable-post-notification': 'notifications_disabled',
} as const satisfies Record<PostSwitch, keyof Post>;

/** The author's switches; the server flips the flag on each call and answers with it. */
export const postSwitch = (api: Api, which: PostSwitch): Toggle<Post, boolean> => {
  const field = POST_SWITCHES[which];
  return {
    group: which,
    valueOf: (post) => post[field],
    show: (off) => ({ [field]: off }),
    send: (_off, post) => api.postSwitch(post.id, which),
  };
};

export const moodInteraction = (api: Api): Toggle<Mood, string | null> => ({
  group: 'interaction',
  valueOf: (mood) => mood.my_interaction,
  show: (type, mood) => ({ my_interaction: type, interactions: moveReaction(mood.interactions, mood.my_interaction, type) }),
  send: (type, mood) => api.interact(mood.id, type),
});

export const thoughtReaction = (api: Api): Toggle<Thought, Thought['my_reaction']> => ({
  group: 'reaction',
  valueOf: (thought) => thought.my_reaction,
  show: (type, thought) => ({ my_reaction: type, reactions: moveReaction(thought.reactions, thought.my_reaction, type) }),
  // The server takes the type picked, and the same type again takes it back.
  send: async (type, thought) => {
    const picked = type ?? thought.my_reaction;
    if (!picked) return {};
    return api.reactToThought(thought.id, picked);
  },
});

export const commentVote = (api: Api): Toggle<Comment, Comment['my_vote']> => ({
  group: 'vote',
  valueOf: (comment) => comment.my_vote,
  show: (vote, comment) => ({ my_vote: vote, votes_score: comment.votes_score - comment.my_vote + vote }),
  send: (vote, comment) => api.voteComment(comment.id, vote),
});

/** The reader's one vote in a poll: an option, or none. */
export const pollVote = (api: Api): Toggle<Poll, number | null> => ({
  group: 'vote',
  valueOf: (poll) => poll.my_vote_option_id,
  show: (option, poll) => {
    const from = poll.my_vote_option_id;
    if (from === option) return {};
    return {
      my_vote_option_id: option,
      votes_count: poll.votes_count + (from === null ? 1 : 0) - (option === null ? 1 : 0),
      options: poll.options.map((o) => ({ ...o, votes_count: o.votes_count + (o.id === option ? 1 : 0) - (o.id === from ? 1 : 0) })),
    };
  },
  send: async (option, poll) => (await (option === null ? api.removeVote(poll.id) : api.vote(option))).data,
});

/**
 * `toggle(how, value)` for one item: a signed-out reader gets the sign-in dialog instead, and a failed
 * request a toast (the item already shows the server's state again).
 */
export function useToggle<K extends Kind>(kind: K, id: number) {
  const { user } = useSession();
  const signIn = useSignIn();
  const toast = useToast();
  return useCallback(
    <V>(how: Toggle<Items[K], V>, value: V) => {
      if (!user) return signIn.open();
      toggleItem(kind, id, value, how).catch((err: unknown) => toast.failed(err));
    },
    [kind, id, user, signIn, toast],
  );
}
