import { describe, expect, it } from 'vitest';
import type { Message } from '../../../core/types.ts';
import { type Outgoing, withoutDelivered } from './outgoing.ts';

const copy = (key: number, content: string, after: number, failed: boolean): Outgoing => ({
  key,
  content,
  created_at: '2026-11-26T08:00:00Z',
  after,
  failed,
});
const message = (id: number, content: string): Message => ({
  id,
  conversation_id: 1,
  sender_id: 7,
  content,
  created_at: '2026-11-26T08:00:01Z',
  seen_at: null,
});

describe('withoutDelivered', () => {
  it('takes out the copy a message delivers: one still sending before a failed try of the same words', () => {
    const failed = copy(1, 'ok', 40, true);
    const sending = copy(2, 'ok', 40, false);
    expect(withoutDelivered([failed, sending], [message(41, 'ok')])).toEqual([failed]);
  });

  it('takes out a failed copy whose answer was lost, but not for an older message with the same words', () => {
    const failed = copy(1, 'see you tomorrow', 40, true);
    expect(withoutDelivered([failed], [message(12, 'see you tomorrow')])).toEqual([failed]);
    expect(withoutDelivered([failed], [message(41, 'see you tomorrow')])).toEqual([]);
  });

  it('lets each message stand for one copy, oldest first, and compares the words as sent (trimmed)', () => {
    const first = copy(1, ' ok ', 40, true);
    const second = copy(2, 'ok', 40, true);
    const other = copy(3, 'thanks', 40, true);
    expect(withoutDelivered([first, second, other], [message(41, 'ok')])).toEqual([second, other]);
    expect(withoutDelivered([first, second, other], [message(43, 'ok'), message(41, 'ok')])).toEqual([other]);
  });
});
