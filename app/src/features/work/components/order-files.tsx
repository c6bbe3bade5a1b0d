/**
 * An order's attachments (`fileList`): images as thumbnails with a preview, other files as links; upload and attach
 * (`setFileList` with the upload's record id), detach (`delFile`), make an image the cover (`save_cover_url`).
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { FileIcon, SpinnerIcon, UploadIcon } from '@/components/ui/icons';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import type { OrderDetail, OrderFile } from '@/lib/api-types';
import { confirmAction } from '@/lib/feedback';
import { formatBytes } from '@/lib/format';
import { uploadImage } from '@/features/profile';
import { useFiles } from '../api/get-files';
import { useDeleteFile } from '../api/delete-file';
import { useSaveCover } from '../api/save-cover';
import { useSetFiles } from '../api/set-files';
import { ImagePreview } from './timeline';

const isImage = (f: OrderFile) => f.mime.startsWith('image/');

export function OrderFiles({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('work');
  const files = useFiles({ id: order.id });
  const attach = useSetFiles();
  const detach = useDeleteFile();
  const cover = useSaveCover();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  const upload = async (list: File[]) => {
    setBusy(true);
    try {
      const ids: number[] = [];
      for (const file of list) ids.push((await uploadImage(file)).ID);
      await attach.mutateAsync({ id: order.id, fileIds: ids });
    } catch {
      // said by the request layer
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Panel
      title={t('files.title')}
      actions={
        order.writable ? (
          <>
            <input
              ref={input}
              type="file"
              multiple
              accept="image/png,image/jpeg,image/gif,image/webp,application/pdf,.csv,.xlsx"
              className="sr-only"
              tabIndex={-1}
              data-testid="file-upload-input"
              onChange={(e) => {
                const list = [...(e.target.files ?? [])];
                if (list.length > 0) void upload(list);
              }}
            />
            <Button variant="secondary" size="sm" className="max-md:h-10" disabled={busy} onClick={() => input.current?.click()}>
              {busy ? <SpinnerIcon className="size-4 animate-spin" /> : <UploadIcon className="size-4" />}
              {t('files.upload')}
            </Button>
          </>
        ) : null
      }
    >
      <div className="p-4">
        {files.isPending ? (
          <LoadingState />
        ) : files.isError ? (
          <ErrorState message={t('files.loadFailed')} onRetry={() => void files.refetch()} />
        ) : files.data.length === 0 ? (
          <EmptyState title={t('files.empty')} />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="file-list">
            {files.data.map((f) => (
              <li key={f.id} className="min-w-0 rounded-lg p-2 ring-1 ring-slate-200">
                {isImage(f) ? (
                  <button type="button" onClick={() => { setPreview(f.url); }} className="block w-full" aria-label={t('files.preview', { name: f.name })}>
                    <img src={f.url} alt="" loading="lazy" className="aspect-square w-full rounded object-cover" />
                  </button>
                ) : (
                  <a href={f.url} target="_blank" rel="noreferrer" className="grid aspect-square w-full place-items-center rounded bg-slate-50 text-slate-500">
                    <FileIcon className="size-8" />
                    <span className="sr-only">{f.name}</span>
                  </a>
                )}
                <p className="mt-1 truncate text-xs text-slate-700" title={f.name}>{f.name}</p>
                <p className="text-xs text-slate-400">{formatBytes(f.size)}</p>
                {order.coverUrl === f.url ? <Badge tone="blue">{t('files.cover')}</Badge> : null}
                {order.writable ? (
                  <div className="mt-1 flex flex-wrap gap-x-2">
                    {isImage(f) && order.coverUrl !== f.url ? (
                      <button type="button" className="text-accent min-h-8 text-xs hover:underline" onClick={() => void cover.mutateAsync({ id: order.id, fileId: f.id }).catch(() => undefined)}>
                        {t('files.makeCover')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="min-h-8 text-xs text-red-600 hover:underline"
                      onClick={() =>
                        void confirmAction({ key: 'confirm.deleteTitle' }, { text: t('files.confirmDelete', { name: f.name }) }).then((ok) =>
                          ok ? detach.mutateAsync({ id: order.id, fileId: f.id }).catch(() => undefined) : undefined,
                        )
                      }
                    >
                      {t('files.remove')}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
      {preview ? <ImagePreview url={preview} onClose={() => { setPreview(null); }} /> : null}
    </Panel>
  );
}
