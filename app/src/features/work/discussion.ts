/**
 * The discussion rules the screens need, pure (tests/unit/discussion.test.mjs): paging back through an order's notes,
 * the notes in reading order, @mentions typed into a message, and the share link. The server decides who reads and
 * what is unread; these only present.
 */
import type { Message, MessagePage } from '@/lib/api-types';

/** The `beforeId` that loads the notes before this page, or undefined once there are none (`hasMore` false). */
export function olderThan(page: MessagePage): number | undefined {
  const oldest = page.list[0];
  return page.hasMore && oldest ? oldest.id : undefined;
}

/**
 * The loaded pages (newest page first, as "load earlier" appends them; each page oldest first) → every note once,
 * oldest first. A note can sit on two pages when a new one arrived between their loads.
 */
export function inReadingOrder(pages: readonly MessagePage[]): Message[] {
  const byId = new Map<number, Message>();
  for (const page of [...pages].reverse()) {
    for (const m of page.list) byId.set(m.id, m);
  }
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * `@name` typed in at the caret with a space on either side where there is none yet. Answers the new text and where
 * the caret goes (past the space after the name).
 */
export function insertMention(text: string, caret: number, name: string): { text: string; caret: number } {
  const at = Math.max(0, Math.min(caret, text.length));
  const before = text.slice(0, at);
  const after = text.slice(at);
  const mention = `${before === '' || /\s$/.test(before) ? '' : ' '}@${name}`;
  const space = /^\s/.test(after) ? '' : ' ';
  return { text: before + mention + space + after, caret: at + mention.length + 1 };
}

/** The people a message mentions: those picked whose `@name` is still in the text (a deleted mention is dropped). */
export function mentionedIds(text: string, picked: readonly { id: number; name: string }[]): number[] {
  return [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id))];
}

/** The absolute address of a discussion link (`shareUrl` is `/df/<token>`). */
export function shareLink(origin: string, shareUrl: string): string {
  return /^https?:\/\//i.test(shareUrl) ? shareUrl : `${origin.replace(/\/+$/, '')}${shareUrl.startsWith('/') ? '' : '/'}${shareUrl}`;
}
