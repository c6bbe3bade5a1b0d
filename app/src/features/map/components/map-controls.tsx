/**
 * Where the map's controls sit over the map. One set of elements, placed by CSS alone (so the server's markup is
 * right on either screen):
 * - desktop: filters and the live badge; the POI toggles; the tools, the layer and export controls and the last
 *   measurement, one row each at the top left; the legends at the bottom left;
 * - phones (≤768 px): one row of compact buttons at the top (filters & tools, live, layers, export, the
 *   measurement), the filters, POI toggles, tools and legends in a sheet from the bottom that the first button opens,
 *   so the map below the row stays free.
 * On desktop the sheet's box is `display: contents`: its parts join the rows, ordered with `order`.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { cx } from '@/components/ui/cx';
import { CloseIcon, SlidersIcon } from '@/components/ui/icons';
import { useModal } from '@/components/ui/use-modal';

interface MapControlsProps {
  /** The phone's sheet is open. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the phone's first button says besides its icon (the current filter and its count). */
  summary: ReactNode;
  filters: ReactNode;
  status: ReactNode;
  poi: ReactNode;
  tools: ReactNode;
  layers: ReactNode;
  measure: ReactNode;
  legend: ReactNode;
  note: ReactNode;
}

/** A line break between the desktop rows (with the row gap on both sides, 8 px as between the rows before). */
function Break({ order }: { order: string }) {
  return <div aria-hidden="true" className={cx('hidden md:block md:h-0 md:basis-full', order)} />;
}

const auto = 'pointer-events-auto';

export function MapControls({ open, onOpenChange, summary, filters, status, poi, tools, layers, measure, legend, note }: MapControlsProps) {
  const { t } = useTranslation('map');
  const sheetId = useId();
  const titleId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  const close = () => {
    onOpenChange(false);
  };
  useModal(open, sheetRef, close);

  return (
    <div className="pointer-events-none absolute inset-0 flex flex-wrap content-start items-center gap-x-2 gap-y-1 p-3 pr-14 md:pr-16" data-testid="map-controls">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={sheetId}
        title={t('controls.title')}
        onClick={() => {
          onOpenChange(!open);
        }}
        className={cx(auto, 'inline-flex h-8 items-center gap-1.5 rounded-lg bg-white px-2.5 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-200 md:hidden')}
        data-testid="map-controls-open"
      >
        <SlidersIcon className="size-4" />
        <span className="sr-only">{t('controls.title')}: </span>
        {summary}
      </button>
      {open ? <div aria-hidden="true" className={cx(auto, 'fixed inset-0 z-40 bg-slate-950/40 md:hidden')} onClick={close} /> : null}
      <div
        ref={sheetRef}
        id={sheetId}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-labelledby={open ? titleId : undefined}
        tabIndex={open ? -1 : undefined}
        className={cx(
          'md:contents',
          open ? cx(auto, 'fixed inset-x-0 bottom-0 z-50 flex max-h-[80dvh] flex-col items-start gap-3 overflow-y-auto rounded-t-2xl bg-white p-4 shadow-2xl') : 'hidden',
        )}
        data-testid="map-controls-sheet"
      >
        <div className="flex w-full items-center justify-between md:hidden">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {t('controls.title')}
          </h2>
          <button type="button" aria-label={t('controls.close')} title={t('controls.close')} onClick={close} className="rounded p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900">
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className={cx(auto, 'md:order-1')}>{filters}</div>
        <Break order="md:order-3" />
        <div className={cx(auto, 'md:order-4')}>{poi}</div>
        <Break order="md:order-5" />
        <div className={cx(auto, 'md:order-6')}>{tools}</div>
        <div className={cx(auto, 'md:absolute md:bottom-8 md:left-3')}>{legend}</div>
      </div>
      <div className={cx(auto, 'md:order-2')}>{status}</div>
      {layers ? <div className={cx(auto, 'flex items-center gap-2 md:order-7')}>{layers}</div> : null}
      {measure ? <div className={cx(auto, 'md:order-8')}>{measure}</div> : null}
      {note ? (
        <>
          <Break order="md:order-9" />
          <div className={cx(auto, 'max-w-md md:order-10')}>{note}</div>
        </>
      ) : null}
    </div>
  );
}
