/**
 * CSS-only tooltip shown on hover and keyboard focus of its group, after the 500 ms delay of console-spec §9.
 * The trigger references it with aria-describedby.
 */
import { cx } from './cx';

interface TooltipProps {
  id: string;
  text: string;
  side?: 'right' | 'bottom';
}

export function Tooltip({ id, text, side = 'right' }: TooltipProps) {
  return (
    <span
      id={id}
      role="tooltip"
      className={cx(
        'pointer-events-none absolute z-40 rounded-md bg-slate-900 px-2 py-1 text-xs whitespace-nowrap text-white opacity-0 shadow-lg transition-opacity',
        'group-focus-visible:opacity-100 group-focus-visible:delay-500 group-hover:opacity-100 group-hover:delay-500',
        side === 'right' ? 'top-1/2 left-full ml-2 -translate-y-1/2' : 'top-full left-1/2 mt-2 -translate-x-1/2',
      )}
    >
      {text}
    </span>
  );
}
