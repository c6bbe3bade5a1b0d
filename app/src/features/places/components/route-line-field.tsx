/**
 * The route dialog's line: drawn on the map (click the nodes, double-click the last), then dragged; or made from a
 * vehicle's day or an uploaded track (NodeSources).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { formatDistance } from '@/lib/geo';
import { nodesLength, nodesOfPath, pathOfNodes } from '../nodes';
import type { RouteNode } from '../types';
import { DrawMap } from './draw-map';
import { NodeSources } from './node-sources';

interface RouteLineFieldProps {
  id: string;
  value: RouteNode[];
  onChange: (nodes: RouteNode[]) => void;
  invalid: boolean;
  describedBy?: string;
}

export function RouteLineField({ id, value, onChange, invalid, describedBy }: RouteLineFieldProps) {
  const { t } = useTranslation('places');
  const drawn = value.length >= 2;
  const first = value[0];
  // nodes made by the server may lie anywhere: bring them into view
  const [fitKey, setFitKey] = useState(0);
  return (
    <div className="space-y-2" id={id} aria-describedby={describedBy}>
      <p className="text-xs text-slate-500">{drawn ? t('draw.adjust') : t('draw.line')}</p>
      <DrawMap
        draw={drawn ? 'none' : 'line'}
        draft={drawn ? { kind: 'line', path: pathOfNodes(value) } : null}
        center={first ? [first.lon, first.lat] : undefined}
        zoom={first ? 11 : 9}
        fitKey={fitKey}
        onDrawn={(shape) => {
          if (shape.kind === 'line') onChange(nodesOfPath(shape.path, value));
        }}
        invalid={invalid}
        testId="route-draw-map"
      />
      <div className="flex flex-wrap items-center gap-3 text-xs text-slate-600">
        <span data-testid="route-node-count">{t('route.nodeSummary', { count: value.length, length: formatDistance(nodesLength(value)) })}</span>
        {value.length > 0 ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              onChange([]);
            }}
          >
            {t('draw.again')}
          </Button>
        ) : null}
      </div>
      <NodeSources
        onNodes={(nodes) => {
          onChange(nodes);
          setFitKey((k) => k + 1);
        }}
      />
    </div>
  );
}
