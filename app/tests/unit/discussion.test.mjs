// The discussion rules (src/features/work/discussion.ts: paging back, reading order, @mentions, the share link) and
// the route data of the public discussion page (src/features/share/types.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const d = await load('src/features/work/discussion.ts');
const share = await load('src/features/share/types.ts');

const note = (id, extra = {}) => ({ id, authorId: 1, authorName: 'Li', content: `n${id}`, images: [], mentions: [], at: '2026-11-21T08:00:00Z', mine: false, ...extra });
const page = (ids, hasMore) => ({ list: ids.map((id) => note(id)), hasMore, shareUrl: '/df/t' });

test('"load earlier" asks for the notes before the oldest one shown, until there are none', () => {
  assert.equal(d.olderThan(page([31, 32, 33], true)), 31);
  assert.equal(d.olderThan(page([31, 32, 33], false)), undefined);
  assert.equal(d.olderThan(page([], true)), undefined);
});

test('loaded pages read oldest first, each note once', () => {
  // newest page first (as loaded); a note that arrived in between sits on both
  const pages = [page([5, 6, 7], true), page([2, 3, 4, 5], false)];
  assert.deepEqual(
    d.inReadingOrder(pages).map((m) => m.id),
    [2, 3, 4, 5, 6, 7],
  );
  assert.deepEqual(d.inReadingOrder([]), []);
});

test('a mention is typed in at the caret with a space on either side', () => {
  assert.deepEqual(d.insertMention('', 0, 'Wang'), { text: '@Wang ', caret: 6 });
  assert.deepEqual(d.insertMention('please check', 6, 'Wang'), { text: 'please @Wang check', caret: 13 });
  assert.deepEqual(d.insertMention('pleasecheck', 6, 'Wang'), { text: 'please @Wang check', caret: 13 });
  assert.deepEqual(d.insertMention('hi ', 3, '王师傅'), { text: 'hi @王师傅 ', caret: 8 });
  assert.deepEqual(d.insertMention('hi', 99, 'Wang'), { text: 'hi @Wang ', caret: 9 }, 'a caret past the end is the end');
});

test('only the people still named in the text are mentioned', () => {
  const picked = [
    { id: 5, name: 'Wang' },
    { id: 6, name: 'Zhao' },
    { id: 5, name: 'Wang' },
  ];
  assert.deepEqual(d.mentionedIds('@Wang look at the left tyre', picked), [5]);
  assert.deepEqual(d.mentionedIds('@Wang @Zhao', picked), [5, 6]);
  assert.deepEqual(d.mentionedIds('nobody', picked), []);
});

test('the share link is absolute on this site', () => {
  assert.equal(d.shareLink('https://fleet.example.com', '/df/abc.def'), 'https://fleet.example.com/df/abc.def');
  assert.equal(d.shareLink('https://fleet.example.com/', 'df/abc'), 'https://fleet.example.com/df/abc');
  assert.equal(d.shareLink('https://fleet.example.com', 'https://other.example.com/df/x'), 'https://other.example.com/df/x');
});

test("the discussion page's route data: shown, refused with the server's words, or not loaded", () => {
  const shown = { number: 'WO-20261121-0001', title: 'Left tyre', state: 101, messages: [] };
  assert.deepEqual(share.discussionFromData({ discussion: shown }), { kind: 'shown', discussion: shown });
  assert.deepEqual(share.discussionFromData({ discussionError: 'The discussion link has expired' }), { kind: 'refused', message: 'The discussion link has expired' });
  assert.equal(share.discussionFromData({}), null);
  assert.equal(share.discussionFromData({ discussion: { number: 1 } }), null, 'not a discussion');
});
