/** A single polite status message that hides itself (e.g. 'set successfully' after a settings change). */
import { useEffect } from 'react';

import { CheckIcon } from './icons';

interface ToastProps {
  message: string | null;
  onDone: () => void;
  durationMs?: number;
}

export function Toast({ message, onDone, durationMs = 2500 }: ToastProps) {
  useEffect(() => {
    if (!message) return;
    const id = window.setTimeout(onDone, durationMs);
    return () => {
      window.clearTimeout(id);
    };
  }, [message, onDone, durationMs]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-4 z-[60] flex justify-center px-4">
      {message ? (
        <div className="animate-fade-in pointer-events-auto flex items-center gap-2 rounded-lg bg-slate-900 px-4 py-2.5 text-sm text-white shadow-lg">
          <CheckIcon className="size-4 text-emerald-400" />
          {message}
        </div>
      ) : null}
    </div>
  );
}
