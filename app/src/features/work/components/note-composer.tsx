/**
 * A note with photos (`save_log`, the phone's camera through the file input): the timeline's note form and the
 * discussion's message box. Given the order's members it offers @mentions too: picking one types `@name` at the caret
 * and the note carries the ids of those still named in the text (`mentions`).
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Field, TextArea } from '@/components/ui/fields';
import { SpinnerIcon } from '@/components/ui/icons';
import { useSaveNote } from '../api/save-note';
import { insertMention, mentionedIds } from '../discussion';
import { PhotoInput } from './photo-input';

export interface Mentionable {
  id: number;
  /** What `@` is followed by in the text. */
  name: string;
}

interface NoteComposerProps {
  orderId: number;
  /** The words of this form: the field's label, the send button, the error of an empty note. */
  texts: { label: string; submit: string; empty: string };
  /** `<testId>-form`, `<testId>-photos`, `<testId>-submit`. */
  testId: string;
  /** Who may be mentioned; without them the form offers no mentions. */
  members?: readonly Mentionable[];
  /** No "done" notice after sending (the note shows where it was written). */
  quiet?: boolean;
}

export function NoteComposer({ orderId, texts, testId, members, quiet = false }: NoteComposerProps) {
  const { t } = useTranslation('work');
  const save = useSaveNote({ quiet });
  const id = useId();
  // where the caret was last in the text box (a mention goes there)
  const caret = useRef<number | null>(null);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<string[]>([]);
  const [picked, setPicked] = useState<Mentionable[]>([]);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const mention = (member: Mentionable) => {
    const next = insertMention(content, caret.current ?? content.length, member.name);
    setContent(next.text);
    setPicked((p) => (p.some((m) => m.id === member.id) ? p : [...p, member]));
    setPicking(false);
    setError(null);
    caret.current = next.caret;
    // back to typing, right after the name
    requestAnimationFrame(() => {
      const el = document.getElementById(id);
      if (el instanceof HTMLTextAreaElement) {
        el.focus();
        el.setSelectionRange(next.caret, next.caret);
      }
    });
  };

  const submit = async () => {
    const text = content.trim();
    if (text === '' && images.length === 0) {
      setError(texts.empty);
      return;
    }
    try {
      await save.mutateAsync({ orderId, content: text, images, ...(members ? { mentions: mentionedIds(text, picked) } : {}) });
      setContent('');
      setImages([]);
      setPicked([]);
      caret.current = null;
    } catch {
      // the request layer said why; the note stays
    }
  };

  return (
    <form
      noValidate
      className="space-y-3 border-t border-slate-100 p-4"
      aria-label={texts.submit}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid={`${testId}-form`}
    >
      <Field label={texts.label} htmlFor={id} error={error} errorId={`${id}-error`}>
        <TextArea
          id={id}
          value={content}
          maxLength={4000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setContent(e.target.value);
            caret.current = e.target.selectionStart;
            setError(null);
          }}
          onSelect={(e) => {
            caret.current = e.currentTarget.selectionStart;
          }}
        />
      </Field>
      <div className="flex flex-wrap items-end gap-2">
        {members && members.length > 0 ? (
          <Button variant="secondary" className="max-md:h-11" aria-expanded={picking} aria-controls={`${id}-members`} onClick={() => { setPicking((p) => !p); }} data-testid={`${testId}-mention`}>
            <span aria-hidden="true" className="font-semibold">@</span>
            {t('discussion.mention')}
          </Button>
        ) : null}
        <PhotoInput value={images} onChange={(urls) => { setImages(urls); setError(null); }} testId={`${testId}-photos`} />
        <Button type="submit" variant="accent" className="ml-auto max-md:h-11" disabled={save.isPending} data-testid={`${testId}-submit`}>
          {save.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : null}
          {texts.submit}
        </Button>
      </div>
      {members && picking ? (
        <ul id={`${id}-members`} aria-label={t('discussion.mentionWho')} className="flex flex-wrap gap-2">
          {members.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="h-9 rounded-full bg-slate-100 px-3 text-sm text-slate-700 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-accent max-md:h-11"
                onClick={() => {
                  mention(m);
                }}
              >
                @{m.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </form>
  );
}
