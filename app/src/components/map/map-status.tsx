/** What a map box shows over itself while OpenLayers loads, or when it could not: centred, polite. */
import { AlertIcon, SpinnerIcon } from '@/components/ui/icons';
import type { WidgetStatus } from '@/lib/use-lazy-widget';

export function MapStatus({ status, loadingText, errorText }: { status: WidgetStatus; loadingText: string; errorText: string }) {
  if (status === 'ready') return null;
  return (
    <div className="pointer-events-none absolute inset-0 flex items-center justify-center p-6">
      <p className="flex items-center gap-2 rounded-lg bg-white/90 px-4 py-2.5 text-sm text-slate-600 shadow-sm" role="status">
        {status === 'loading' ? <SpinnerIcon className="size-4 animate-spin" /> : <AlertIcon className="size-4 text-amber-500" />}
        {status === 'loading' ? loadingText : errorText}
      </p>
    </div>
  );
}
