/**
 * Browser entry: reads the render input from `<script id="__WHEELEND_STATE__">` and hydrates the same tree the
 * server rendered, with the same language.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';

import { App } from '@/app';
import { createI18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query';
import { normalizeRenderInput, STATE_ELEMENT_ID, type RenderInput } from '@/lib/state';

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

const input = readState();
const i18n = createI18n(input.lang);
const queryClient = createQueryClient();
const markReady = () => {
  window.__wheelendHydrated = true;
};

const tree = (
  <StrictMode>
    <BrowserRouter>
      <App input={input} i18n={i18n} queryClient={queryClient} onReady={markReady} />
    </BrowserRouter>
  </StrictMode>
);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');
if (container.hasChildNodes()) {
  hydrateRoot(container, tree, {
    onRecoverableError(error) {
      console.error('[wheelend] hydration', error);
    },
  });
} else {
  createRoot(container).render(tree);
}
