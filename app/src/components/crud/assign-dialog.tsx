/**
 * Choosing several of a kind (a rule's vehicles, groups, tags or members; a route's vehicles): a search, one page of candidates
 * with checkboxes, the chosen ones as removable chips, Save replaces the whole list. Chosen ids not on a page seen
 * yet are shown by number.
 */
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryKey } from '@tanstack/react-query';

import { Pager } from '@/components/crud/pager';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Checkbox, TextInput } from '@/components/ui/fields';
import { CloseIcon, SearchIcon, SpinnerIcon } from '@/components/ui/icons';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { DEFAULT_PAGE_SIZE } from '@/components/crud/paging';
import { usePageQuery, type PageCall } from '@/lib/calls';

export interface AssignOption {
  id: number;
  label: string;
  hint?: string;
}

export interface AssignDialogProps<R> {
  title: string;
  testId: string;
  queryKey: QueryKey;
  fetchPage: PageCall<{ keyword?: string }, R>;
  toOption: (row: R) => AssignOption;
  initial: readonly number[];
  onSave: (ids: number[]) => Promise<unknown>;
  onClose: () => void;
}

export function AssignDialog<R>({ title, testId, queryKey, fetchPage, toOption, initial, onSave, onClose }: AssignDialogProps<R>) {
  const { t } = useTranslation('crud');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [chosen, setChosen] = useState<readonly number[]>(initial);
  // labels of every candidate seen, so chips keep their names across pages and searches
  const [seen, setSeen] = useState<ReadonlyMap<number, string>>(new Map());
  const [busy, setBusy] = useState(false);
  const query = usePageQuery(queryKey, fetchPage, { ...(keyword ? { keyword } : {}), ...paging });
  const options = (query.data?.list ?? []).map(toOption);
  if (options.some((o) => seen.get(o.id) !== o.label)) setSeen(new Map([...seen, ...options.map((o) => [o.id, o.label] as const)]));

  const toggle = (id: number) => {
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  };
  const search = (e: SubmitEvent<HTMLFormElement>) => {
    e.preventDefault();
    setKeyword(typed.trim());
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const save = async () => {
    setBusy(true);
    try {
      await onSave([...chosen]);
      onClose();
    } catch {
      // the request layer said why; the choice stays
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      size="lg"
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="accent" disabled={busy} aria-busy={busy} onClick={() => void save()}>
            {busy ? <SpinnerIcon className="size-4 animate-spin" /> : null}
            {t('save')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <form role="search" aria-label={t('assign.search')} onSubmit={search} className="flex gap-2">
          <TextInput
            type="search"
            value={typed}
            aria-label={t('assign.search')}
            placeholder={t('assign.search')}
            onChange={(e) => {
              setTyped(e.target.value);
            }}
          />
          <Button type="submit" variant="secondary" aria-label={t('assign.search')}>
            <SearchIcon className="size-4" />
          </Button>
        </form>
        <div aria-live="polite" className="flex min-h-8 flex-wrap gap-1.5" data-testid={`${testId}-chosen`}>
          {chosen.length === 0 ? <span className="text-sm text-slate-500">{t('assign.none')}</span> : null}
          {chosen.map((id) => {
            const label = seen.get(id) ?? `#${String(id)}`;
            return (
              <span key={id} className="bg-accent/10 text-accent inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-sm">
                {label}
                <button
                  type="button"
                  className="hover:bg-accent/20 rounded-full p-0.5"
                  aria-label={t('assign.remove', { name: label })}
                  onClick={() => {
                    toggle(id);
                  }}
                >
                  <CloseIcon className="size-3.5" />
                </button>
              </span>
            );
          })}
        </div>
        {query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <LoadingState />
        ) : options.length === 0 ? (
          <EmptyState title={t('assign.empty')} />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label={title}>
            {options.map((o) => (
              <li key={o.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 hover:bg-slate-50">
                  <Checkbox
                    checked={chosen.includes(o.id)}
                    onChange={() => {
                      toggle(o.id);
                    }}
                  />
                  <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{o.label}</span>
                  {o.hint ? <span className="shrink-0 text-xs text-slate-500">{o.hint}</span> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
        <Pager
          total={query.data?.total ?? 0}
          page={paging.page}
          pageSize={paging.pageSize}
          onChange={(page, pageSize) => {
            setPaging({ page, pageSize });
          }}
        />
      </div>
    </Dialog>
  );
}
