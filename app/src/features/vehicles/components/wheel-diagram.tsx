/**
 * The wheel-position diagram of vehicle info: a top view of the vehicle (front at the top), one row per axle named on
 * the chassis, the wheels of each side next to each other (twin wheels), each named by its place on the axle ("right
 * outer") with its pressure and temperature in the user's units and coloured by its state. SVG, so it scales and prints.
 */
import { useTranslation } from 'react-i18next';

import { formatPressure, formatTemp, type PressureUnit, type TempUnit } from '@/features/settings';
import type { WheelReading } from '../types';
import { useWheelNames } from '../use-wheel-names';
import { parseAxleLayout, wheelPositions } from '../wheel-layout';
import { DEFAULT_WHEEL_LIMITS, WHEEL_COLORS, WHEEL_STATES, wheelState, type WheelLimits } from '../wheel-state';

const CARD_W = 72;
const CARD_H = 50;
const GAP = 6;
const CHASSIS = 56;
const ROW_H = 74;
const PAD = 16;

interface Props {
  axleLayout: string;
  wheels: readonly WheelReading[];
  pressureUnit: PressureUnit;
  tempUnit: TempUnit;
  limits?: WheelLimits;
}

export function WheelDiagram({ axleLayout, wheels, pressureUnit, tempUnit, limits = DEFAULT_WHEEL_LIMITS }: Props) {
  const { t } = useTranslation('fleet');
  const names = useWheelNames();
  const axles = wheelPositions(axleLayout);
  const wheelsPerAxle = parseAxleLayout(axleLayout);
  const byPosition = new Map(wheels.map((w) => [w.position, w]));
  const perSide = Math.max(1, ...axles.map((a) => Math.ceil(a.length / 2)));
  const sideW = perSide * (CARD_W + GAP);
  const width = PAD * 2 + sideW * 2 + CHASSIS;
  const height = PAD * 2 + 24 + axles.length * ROW_H;
  const mid = width / 2;

  if (axles.length === 0) return <p className="text-sm text-slate-500">{t('wheels.noLayout')}</p>;

  return (
    <figure className="space-y-2" data-testid="wheel-diagram">
      <svg viewBox={`0 0 ${String(width)} ${String(height)}`} className="mx-auto w-full max-w-[640px]" role="img" aria-label={t('wheels.diagram')}>
        {/* cab and chassis */}
        <rect x={mid - CHASSIS / 2} y={PAD} width={CHASSIS} height={20} rx={6} fill="#CBD5E1" />
        <text x={mid} y={PAD + 14} textAnchor="middle" fontSize={10} fill="#334155">
          {t('wheels.front')}
        </text>
        <rect x={mid - 6} y={PAD + 22} width={12} height={axles.length * ROW_H} fill="#E2E8F0" />
        {axles.map((positions, axleIndex) => {
          const y = PAD + 28 + axleIndex * ROW_H;
          const left = positions.slice(0, Math.ceil(positions.length / 2));
          const right = positions.slice(Math.ceil(positions.length / 2));
          const place = (p: number, i: number, side: 'l' | 'r') => {
            const x = side === 'l' ? mid - CHASSIS / 2 - (left.length - i) * (CARD_W + GAP) : mid + CHASSIS / 2 + GAP + i * (CARD_W + GAP);
            const w = byPosition.get(p);
            const state = wheelState(w, limits);
            const c = WHEEL_COLORS[state];
            const pressure = formatPressure(w?.pressure, pressureUnit) || '—';
            const temp = formatTemp(w?.temp, tempUnit) || '—';
            return (
              <g key={p} data-testid={`wheel-${String(p)}`} data-state={state}>
                <title>{t('wheels.wheelLabel', { wheel: names.wheel(p, wheelsPerAxle), pressure, temp, state: t(`wheels.state.${state}`) })}</title>
                <rect x={x} y={y} width={CARD_W} height={CARD_H} rx={8} fill={c.fill} stroke={c.stroke} strokeWidth={2} />
                <text x={x + CARD_W / 2} y={y + 14} textAnchor="middle" fontSize={9} fill={c.text}>
                  {names.place(p, wheelsPerAxle) ?? p}
                </text>
                <text x={x + CARD_W / 2} y={y + 29} textAnchor="middle" fontSize={11} fontWeight={600} fill={c.text} data-testid={`wheel-${String(p)}-pressure`}>
                  {pressure}
                </text>
                <text x={x + CARD_W / 2} y={y + 43} textAnchor="middle" fontSize={10} fill={c.text} data-testid={`wheel-${String(p)}-temp`}>
                  {temp}
                </text>
              </g>
            );
          };
          return (
            <g key={positions[0] ?? axleIndex}>
              <line x1={mid - CHASSIS / 2} x2={mid + CHASSIS / 2} y1={y + CARD_H / 2} y2={y + CARD_H / 2} stroke="#94A3B8" strokeWidth={4} />
              <text x={mid} y={y + CARD_H / 2 - 6} textAnchor="middle" fontSize={9} fill="#334155">
                {names.axle(axleIndex + 1)}
              </text>
              {left.map((p, i) => place(p, i, 'l'))}
              {right.map((p, i) => place(p, i, 'r'))}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap justify-center gap-3 text-xs text-slate-600">
        {WHEEL_STATES.map((s) => (
          <span key={s} className="inline-flex items-center gap-1">
            <span className="inline-block size-3 rounded-sm ring-1" style={{ background: WHEEL_COLORS[s].fill, boxShadow: `inset 0 0 0 2px ${WHEEL_COLORS[s].stroke}` }} />
            {t(`wheels.state.${s}`)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
