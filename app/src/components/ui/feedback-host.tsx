/**
 * Shows what lib/feedback.ts queues: toasts (success/info in a polite status region, errors in an alert region,
 * closable, self-dismissing) and confirm dialogs one at a time. Empty on the server and during hydration.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { answerConfirm, dismissToast, useFeedbackState, type ToastItem } from '@/lib/feedback';
import type { Message } from '@/lib/request/types';
import { Button } from './button';
import { cx } from './cx';
import { Dialog } from './dialog';
import { AlertIcon, CheckIcon, CloseIcon } from './icons';

/** Turns a Message into text: an i18n key of the `common` namespace, or the server's own text. */
export function useMessageText(): (m: Message) => string {
  const { t } = useTranslation();
  return (m) => {
    if ('text' in m) return m.text;
    const tt = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
    return tt(m.key, m.params);
  };
}

const DEFAULT_MS = { success: 2500, info: 3000, warning: 4000, error: 5000 } as const;

function ToastView({ toast }: { toast: ToastItem }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const ms = toast.durationMs ?? DEFAULT_MS[toast.type];
  useEffect(() => {
    if (ms <= 0) return;
    const id = window.setTimeout(() => {
      dismissToast(toast.id);
    }, ms);
    return () => {
      window.clearTimeout(id);
    };
  }, [toast.id, ms]);
  const error = toast.type === 'error' || toast.type === 'warning';
  return (
    <div
      data-toast-type={toast.type}
      className={cx(
        'animate-fade-in pointer-events-auto flex max-w-[min(92vw,28rem)] items-start gap-2 rounded-lg px-4 py-2.5 text-sm shadow-lg',
        error ? 'bg-white text-red-700 ring-1 ring-red-200' : 'bg-slate-900 text-white',
      )}
    >
      {error ? <AlertIcon className="mt-0.5 size-4 shrink-0 text-red-500" /> : <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-400" />}
      <span className="min-w-0 break-words">{text(toast.message)}</span>
      {toast.closable ? (
        <button
          type="button"
          onClick={() => {
            dismissToast(toast.id);
          }}
          className={cx('-my-1 -mr-2 ml-1 shrink-0 rounded p-1', error ? 'text-red-400 hover:bg-red-50 hover:text-red-700' : 'text-slate-400 hover:text-white')}
          aria-label={t('actions.close')}
        >
          <CloseIcon className="size-4" />
        </button>
      ) : null}
    </div>
  );
}

export function FeedbackHost() {
  const text = useMessageText();
  const { toasts, confirms } = useFeedbackState();
  const polite = toasts.filter((x) => x.type === 'success' || x.type === 'info');
  const urgent = toasts.filter((x) => x.type === 'error' || x.type === 'warning');
  const confirm = confirms[0];

  return (
    <>
      <div className="pointer-events-none fixed inset-x-0 top-4 z-[70] flex flex-col items-center gap-2 px-4">
        <div role="alert" aria-live="assertive" className="flex flex-col items-center gap-2" data-testid="toasts-error">
          {urgent.map((x) => (
            <ToastView key={x.id} toast={x} />
          ))}
        </div>
        <div role="status" aria-live="polite" className="flex flex-col items-center gap-2" data-testid="toasts">
          {polite.map((x) => (
            <ToastView key={x.id} toast={x} />
          ))}
        </div>
      </div>
      {confirm ? (
        <Dialog
          key={confirm.id}
          open
          role="alertdialog"
          size="sm"
          onClose={() => {
            answerConfirm(confirm.id, false);
          }}
          title={text(confirm.title)}
          testId="confirm-dialog"
          footer={
            <>
              {confirm.cancelLabel === null ? null : (
                <Button
                  variant="secondary"
                  onClick={() => {
                    answerConfirm(confirm.id, false);
                  }}
                >
                  {text(confirm.cancelLabel ?? { key: 'actions.cancel' })}
                </Button>
              )}
              <Button
                variant={confirm.tone === 'danger' ? 'danger' : 'accent'}
                data-autofocus
                onClick={() => {
                  answerConfirm(confirm.id, true);
                }}
              >
                {text(confirm.confirmLabel)}
              </Button>
            </>
          }
        >
          <p className="text-sm leading-6 text-slate-600">{text(confirm.message)}</p>
        </Dialog>
      ) : null}
    </>
  );
}
