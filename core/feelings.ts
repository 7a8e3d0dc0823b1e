/** Feelings a post or mood can carry. Names are translated through `feeling.{key}`. */
export const FEELINGS = [
  { key: 'sad', emoji: '😢', type: 'post' },
  { key: 'anxious', emoji: '😟', type: 'post' },
  { key: 'lonely', emoji: '🥺', type: 'post' },
  { key: 'angry', emoji: '😠', type: 'post' },
  { key: 'overwhelmed', emoji: '😵', type: 'post' },
  { key: 'confused', emoji: '😕', type: 'post' },
  { key: 'hopeful', emoji: '🌱', type: 'post' },
  { key: 'grateful', emoji: '🙏', type: 'post' },
  { key: 'happy', emoji: '😊', type: 'mood' },
  { key: 'calm', emoji: '😌', type: 'mood' },
  { key: 'tired', emoji: '😴', type: 'mood' },
  { key: 'sad', emoji: '😢', type: 'mood' },
  { key: 'anxious', emoji: '😟', type: 'mood' },
  { key: 'loved', emoji: '🥰', type: 'mood' },
  { key: 'frustrated', emoji: '😤', type: 'mood' },
  { key: 'numb', emoji: '😶', type: 'mood' },
] as const;

export type FeelingType = 'post' | 'mood';
