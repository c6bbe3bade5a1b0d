/**
 * The user's boards (`tags_list`): a tab per board, the board's charts in order (`chart_setting`), each drawn from
 * the roll-ups. The owner adds, changes and deletes charts (`chart_save`) and reorders them by dragging or with the
 * move buttons (`chart_sort`, the full order); a chart opens in a detail view with its table.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { FormDialog } from '@/components/crud/form-dialog';
import { Panel } from '@/components/crud/view';
import { Button } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { Dialog } from '@/components/ui/dialog';
import { ChevronLeftIcon, ChevronRightIcon, EditIcon, MaximizeIcon, PlusIcon, TrashIcon } from '@/components/ui/icons';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { confirmAction, notify } from '@/lib/feedback';
import { boardQueryKey, useBoard } from '../api/get-board';
import { useBoards } from '../api/get-boards';
import { boardsKey } from '../api/keys';
import { saveBoard } from '../api/save-board';
import { sortBoard } from '../api/sort-board';
import { chartPeriod, moveItem } from '../model';
import type { BoardChart, BoardSettings, ChartInput } from '../types';
import { BoardChartBody } from './board-chart';
import { ChartDialog } from './chart-dialog';
import { useBoardLabels } from './use-board-labels';

interface BoardsProps {
  today: string;
  boardId: number | null;
  onBoard: (id: number | null) => void;
}

function ChartCard({
  chart,
  index,
  count,
  today,
  mine,
  onMove,
  onDragTo,
  onEdit,
  onDelete,
  onOpen,
}: {
  chart: BoardChart;
  index: number;
  count: number;
  today: string;
  mine: boolean;
  onMove: (from: number, to: number) => void;
  onDragTo: (from: number, to: number) => void;
  onEdit: () => void;
  onDelete: () => void;
  onOpen: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const labels = useBoardLabels();
  const [over, setOver] = useState(false);
  const { from, to } = chartPeriod(chart, today);
  const drag = mine
    ? {
        draggable: true,
        onDragStart: (e: DragEvent) => {
          e.dataTransfer.setData('text/plain', String(index));
          e.dataTransfer.effectAllowed = 'move';
        },
        onDragOver: (e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        },
        onDragLeave: () => {
          setOver(false);
        },
        onDrop: (e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          const fromIndex = Number(e.dataTransfer.getData('text/plain'));
          if (Number.isInteger(fromIndex)) onDragTo(fromIndex, index);
        },
      }
    : {};
  return (
    <li {...drag} data-testid="board-chart" data-chart-id={chart.id} data-kind={chart.kind} className={cx('min-w-0', over && 'ring-accent rounded-xl ring-2')}>
      <Panel
        className="h-full"
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className={cx(mine && 'cursor-grab')}>{chart.title}</span>
            <Badge tone="blue">{labels.kind(chart.kind)}</Badge>
          </span>
        }
        actions={
          <>
            <Button variant="ghost" size="xs" onClick={onOpen} aria-label={t('board.open', { title: chart.title })} title={t('board.detail')}>
              <MaximizeIcon className="size-4" />
            </Button>
            {mine ? (
              <>
                <Button variant="ghost" size="xs" disabled={index === 0} onClick={() => { onMove(index, index - 1); }} aria-label={t('board.moveEarlier', { title: chart.title })} title={t('board.earlier')}>
                  <ChevronLeftIcon className="size-4" />
                </Button>
                <Button variant="ghost" size="xs" disabled={index === count - 1} onClick={() => { onMove(index, index + 1); }} aria-label={t('board.moveLater', { title: chart.title })} title={t('board.later')}>
                  <ChevronRightIcon className="size-4" />
                </Button>
                <Button variant="ghost" size="xs" onClick={onEdit} aria-label={t('board.edit', { title: chart.title })} title={t('board.editChart')}>
                  <EditIcon className="size-4" />
                </Button>
                <Button variant="ghost" size="xs" onClick={onDelete} aria-label={t('board.delete', { title: chart.title })} title={t('board.deleteChart')}>
                  <TrashIcon className="size-4" />
                </Button>
              </>
            ) : null}
          </>
        }
      >
        <div className="space-y-1 p-4">
          <p className="text-xs text-slate-500">
            {labels.measure(chart.measure)} · {labels.grouping(chart.grouping)} · {labels.range(chart.range)} ({from} – {to})
          </p>
          <BoardChartBody chart={chart} today={today} />
        </div>
      </Panel>
    </li>
  );
}

function Board({ settings, today, queryBoardId }: { settings: BoardSettings; today: string; queryBoardId: number | null }) {
  const { t } = useTranslation('dashboard');
  const labels = useBoardLabels();
  const client = useQueryClient();
  const board = settings.board;
  const [editing, setEditing] = useState<{ chart: BoardChart | null } | null>(null);
  const [opened, setOpened] = useState<BoardChart | null>(null);
  /** The order shown while a new one is being saved. */
  const [pending, setPending] = useState<BoardChart[] | null>(null);
  const charts = pending ?? settings.charts;
  if (!board) return null;
  const refresh = async (next?: BoardSettings) => {
    if (next) client.setQueryData(boardQueryKey(queryBoardId), next);
    await client.invalidateQueries({ queryKey: boardsKey });
  };
  const reorder = async (from: number, to: number) => {
    const next = moveItem(charts, from, to);
    if (next.every((c, i) => c.id === charts[i]?.id)) return;
    setPending(next);
    try {
      await refresh(await sortBoard({ boardId: board.id, ids: next.map((c) => c.id) }));
    } finally {
      setPending(null);
    }
  };
  const save = async (input: ChartInput, id: number | null) => {
    await refresh(await saveBoard({ boardId: board.id, id, chart: input }));
    notify.success({ key: 'actions.done' });
  };
  const remove = async (chart: BoardChart) => {
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('board.confirmDelete', { title: chart.title }) });
    if (!ok) return;
    await refresh(await saveBoard({ boardId: board.id, id: chart.id, delete: true }));
  };
  return (
    <div className="space-y-3" data-testid="board" data-board-id={board.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-500">
          {board.shared ? t('board.shared') : t('board.private')}
          {board.mine ? ` · ${t('board.dragHint')}` : ` · ${t('board.notMine')}`}
        </p>
        {board.mine ? (
          <Button variant="accent" size="sm" onClick={() => { setEditing({ chart: null }); }}>
            <PlusIcon className="size-4" />
            {t('board.addChart')}
          </Button>
        ) : null}
      </div>
      {charts.length === 0 ? (
        <EmptyState title={t('board.noCharts')} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />
      ) : (
        <ol className="grid gap-4 lg:grid-cols-2" aria-label={board.name} data-testid="board-charts">
          {charts.map((c, i) => (
            <ChartCard
              key={c.id}
              chart={c}
              index={i}
              count={charts.length}
              today={today}
              mine={board.mine}
              onMove={(from, to) => void reorder(from, to)}
              onDragTo={(from, to) => void reorder(from, to)}
              onEdit={() => { setEditing({ chart: c }); }}
              onDelete={() => void remove(c)}
              onOpen={() => { setOpened(c); }}
            />
          ))}
        </ol>
      )}
      {editing ? (
        <ChartDialog
          chart={editing.chart}
          choices={settings.choices}
          onSubmit={(input) => save(input, editing.chart?.id ?? null)}
          onClose={() => { setEditing(null); }}
        />
      ) : null}
      {opened ? (
        <Dialog open onClose={() => { setOpened(null); }} title={opened.title} description={`${labels.kind(opened.kind)} · ${labels.measure(opened.measure)} · ${labels.grouping(opened.grouping)}`} size="xl" testId="chart-detail">
          <BoardChartBody chart={opened} today={today} className="h-96" tableOpen />
        </Dialog>
      ) : null}
    </div>
  );
}

export function Boards({ today, boardId, onBoard }: BoardsProps) {
  const { t } = useTranslation('dashboard');
  const client = useQueryClient();
  const boards = useBoards();
  const board = useBoard(boardId);
  const [creating, setCreating] = useState(false);
  const shown = board.data?.board ?? null;
  const create = async (values: { name: string; shared: boolean }) => {
    const made = await saveBoard({ boardName: values.name.trim(), shared: values.shared });
    await client.invalidateQueries({ queryKey: boardsKey });
    onBoard(made.board?.id ?? null);
  };
  const removeBoard = async () => {
    if (!shown) return;
    const ok = await confirmAction({ key: 'confirm.deleteTitle' }, { text: t('board.confirmDeleteBoard', { name: shown.name }) });
    if (!ok) return;
    await saveBoard({ boardId: shown.id, delete: true });
    await client.invalidateQueries({ queryKey: boardsKey });
    onBoard(null);
  };
  if (boards.isError || board.isError) return <ErrorState message={t('board.loadFailed')} onRetry={() => { void boards.refetch(); void board.refetch(); }} />;
  if (boards.isPending || board.isPending) return <LoadingState className="py-16" />;
  return (
    <div className="space-y-4" data-testid="boards">
      <div className="flex flex-wrap items-center gap-2">
        <nav aria-label={t('board.boards')} className="flex flex-wrap gap-1">
          {boards.data.map((b) => (
            <Button key={b.id} size="sm" variant={shown?.id === b.id ? 'accent' : 'secondary'} aria-current={shown?.id === b.id ? 'page' : undefined} onClick={() => { onBoard(b.id); }}>
              {b.name}
              <span className="text-xs opacity-70">{b.charts}</span>
            </Button>
          ))}
        </nav>
        <Button size="sm" variant="ghost" onClick={() => { setCreating(true); }}>
          <PlusIcon className="size-4" />
          {t('board.newBoard')}
        </Button>
        {shown?.mine ? (
          <Button size="sm" variant="ghost" onClick={() => void removeBoard()}>
            <TrashIcon className="size-4" />
            {t('board.deleteBoard')}
          </Button>
        ) : null}
      </div>
      {shown ? <Board key={shown.id} settings={board.data} today={today} queryBoardId={boardId} /> : <EmptyState title={t('board.none')} className="rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />}
      <FormDialog
        open={creating}
        onClose={() => { setCreating(false); }}
        title={t('board.newBoard')}
        fields={[
          { name: 'name', label: t('board.field.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'shared', label: t('board.field.shared'), type: 'switch' },
        ]}
        initialValues={{ name: '', shared: false }}
        onSubmit={create}
        size="sm"
        columns={1}
        testId="board-dialog"
      />
    </div>
  );
}
