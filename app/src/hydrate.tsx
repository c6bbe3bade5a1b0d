/**
 * What both browser entries do: read the render input from `<script id="__WHEELEND_STATE__">`, load their
 * translations in the language the server rendered with, and hydrate the same tree the server rendered.
 */
import type { i18n as I18n } from 'i18next';
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { loadI18n } from '@/lib/i18n';
import { normalizeRenderInput, STATE_ELEMENT_ID, type RenderInput } from '@/lib/state';
import type { Namespace } from '@/locales';

declare global {
  interface Window {
    /** Set once hydration has committed (used by the browser tests). */
    __wheelendHydrated?: boolean;
  }
}

function readState(): RenderInput {
  const el = document.getElementById(STATE_ELEMENT_ID);
  let raw: unknown = null;
  if (el?.textContent) {
    try {
      raw = JSON.parse(el.textContent);
    } catch {
      raw = null;
    }
  }
  const input = normalizeRenderInput(raw);
  if (!el) input.url = `${window.location.pathname}${window.location.search}`;
  return input;
}

const markReady = () => {
  window.__wheelendHydrated = true;
};

export interface TreeProps {
  input: RenderInput;
  i18n: I18n;
  onReady: () => void;
}

export async function hydrate(namespaces: readonly Namespace[], tree: (props: TreeProps) => ReactNode): Promise<void> {
  const input = readState();
  const i18n = await loadI18n(input.lang, namespaces);
  const app = (
    <StrictMode>
      <BrowserRouter>{tree({ input, i18n, onReady: markReady })}</BrowserRouter>
    </StrictMode>
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  if (container.hasChildNodes()) {
    // As a transition, hydration yields to the browser every few milliseconds instead of blocking the main thread
    // for the whole page (the server's HTML is already on screen meanwhile); react-router's own entry does the same.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          console.error('[wheelend] hydration', error);
        },
      });
    });
  } else {
    createRoot(container).render(app);
  }
}
