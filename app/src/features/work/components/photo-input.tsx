/**
 * Photos for a note, a dispose record or an image field: pick or take pictures (the phone's camera through the file
 * input), each uploaded at once with the console's upload call; thumbnails with a remove button. The value is the list
 * of served URLs.
 */
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { CloseIcon, SpinnerIcon, UploadIcon } from '@/components/ui/icons';
import { uploadImage, type UploadedFile } from '@/features/profile';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface PhotoInputProps {
  value: readonly string[];
  onChange: (urls: string[]) => void;
  /** At most this many (1 for an image field). */
  max?: number;
  id?: string;
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
  /** Told about each stored file (its record id, for attaching it). */
  onUploaded?: (file: UploadedFile) => void;
}

export function PhotoInput({ value, onChange, max = 9, id, describedBy, invalid, testId = 'photo-input', onUploaded }: PhotoInputProps) {
  const { t } = useTranslation('work');
  const input = useRef<HTMLInputElement>(null);
  const own = useId();
  const [busy, setBusy] = useState(false);
  const full = value.length >= max;

  const add = async (files: File[]) => {
    setBusy(true);
    const urls = [...value];
    try {
      for (const file of files.slice(0, max - value.length)) {
        const saved = await uploadImage(file);
        onUploaded?.(saved);
        urls.push(saved.url);
        onChange([...urls]);
      }
    } catch {
      // the request layer said why
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="space-y-2" aria-invalid={invalid ? true : undefined} aria-describedby={describedBy}>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('photos.list')}>
          {value.map((url, i) => (
            <li key={url} className="relative">
              <img src={url} alt={t('photos.alt', { n: i + 1 })} className="size-20 rounded-lg object-cover ring-1 ring-slate-200" />
              <button
                type="button"
                onClick={() => {
                  onChange(value.filter((u) => u !== url));
                }}
                aria-label={t('photos.remove', { n: i + 1 })}
                className="absolute -top-2 -right-2 grid size-7 place-items-center rounded-full bg-white text-slate-600 shadow ring-1 ring-slate-300 hover:text-red-600"
              >
                <CloseIcon className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        ref={input}
        id={id ?? own}
        type="file"
        accept={IMAGE_ACCEPT}
        multiple={max > 1}
        className="sr-only"
        tabIndex={-1}
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          if (files.length > 0) void add(files);
        }}
      />
      {full ? null : (
        <Button
          variant="secondary"
          className="max-md:h-11"
          disabled={busy}
          aria-busy={busy}
          onClick={() => {
            input.current?.click();
          }}
        >
          {busy ? <SpinnerIcon className="size-4 animate-spin" /> : <UploadIcon className="size-4" />}
          {busy ? t('photos.uploading') : t('photos.add')}
        </Button>
      )}
    </div>
  );
}
