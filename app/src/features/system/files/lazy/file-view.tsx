/** superAdmin/file: uploaded files, newest first, searchable by name; upload (multipart `file`), open, delete. */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import { Button } from '@/components/ui/button';
import { FileIcon, SpinnerIcon, UploadIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import { notify } from '@/lib/feedback';
import { formatBytes, formatDateTime, orUndefined } from '@/lib/format';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { FileRecord } from '../../types';
import { useDeleteFile } from '../api/delete-file';
import { fileListKey, getFileList } from '../api/get-file-list';
import { useUploadFile } from '../api/upload-file';

const IMAGE = /^(png|jpe?g|gif|webp|svg|bmp)$/i;

/** A stored `url` is relative to the site root unless it is absolute. */
export function fileHref(url: string): string {
  return /^(https?:)?\/\//.test(url) || url.startsWith('/') ? url : `/${url}`;
}

export default function FileView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const upload = useUploadFile();
  const remove = useDeleteFile();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  const onPick = (file: File | undefined) => {
    if (!file) return;
    setName(file.name);
    void upload
      .mutateAsync(file)
      .then((saved) => {
        notify.success({ text: t('files.uploaded', { name: saved.name }) });
      })
      .catch(() => undefined)
      .finally(() => {
        setName(null);
        if (input.current) input.current.value = '';
      });
  };
  return (
    <ResourceView<FileRecord, { keyword?: string }, object, number>
      title={menuTitle(route, lang)}
      testId="file"
      queryKey={fileListKey}
      fetchPage={getFileList}
      toParams={(v) => ({ keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('files.name') }]}
      columns={[
        {
          key: 'preview',
          header: t('files.preview'),
          hideOnMobile: true,
          cell: (f) =>
            IMAGE.test(f.tag) ? (
              <img src={fileHref(f.url)} alt="" loading="lazy" className="size-10 rounded object-cover ring-1 ring-slate-200" />
            ) : (
              <FileIcon className="size-6 text-slate-400" />
            ),
        },
        {
          key: 'name',
          header: t('files.name'),
          primary: true,
          cell: (f) => (
            <a href={fileHref(f.url)} target="_blank" rel="noreferrer" className="text-accent font-medium break-all hover:underline">
              {f.name}
            </a>
          ),
        },
        { key: 'tag', header: t('files.type'), cell: (f) => <Badge>{f.tag || '—'}</Badge> },
        { key: 'size', header: t('files.size'), cell: (f) => <span className="tabular-nums">{formatBytes(f.size)}</span>, align: 'right' },
        { key: 'time', header: t('common.createdAt'), cell: (f) => formatDateTime(f.CreatedAt) },
      ]}
      rowKey={(f) => f.ID}
      rowLabel={(f) => f.name}
      texts={{ search: t('files.search'), loadFailed: t('common.loadFailed'), confirmDelete: (f) => t('files.confirmDelete', { name: f.name }) }}
      rowActions={(f) => (
        <a href={fileHref(f.url)} target="_blank" rel="noreferrer" className="text-accent rounded px-1.5 py-1 text-sm font-medium hover:underline">
          {t('files.open')}
        </a>
      )}
      selectable={false}
      remove={oneByOne(remove.mutateAsync)}
      toolbar={
        can('add') ? (
          <>
            <input
              ref={input}
              type="file"
              className="sr-only"
              id="file-upload"
              data-testid="file-upload-input"
              onChange={(e) => {
                onPick(e.target.files?.[0]);
              }}
            />
            <Button
              variant="accent"
              size="sm"
              disabled={upload.isPending}
              onClick={() => {
                input.current?.click();
              }}
            >
              {upload.isPending ? <SpinnerIcon className="size-4 animate-spin" /> : <UploadIcon className="size-4" />}
              {upload.isPending && name ? t('files.uploading', { name }) : t('files.upload')}
            </Button>
          </>
        ) : null
      }
    />
  );
}
