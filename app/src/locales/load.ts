/**
 * One namespace of one language, loaded on demand: the browser bundles fetch the namespaces they render in the
 * page's language only (the server bundle takes everything from ./index.ts instead).
 */
import type { Lang } from '@/lib/state';
import type { Namespace, Translations } from './index';

export async function loadNamespace<N extends Namespace>(lang: Lang, namespace: N): Promise<Translations[N]> {
  // esbuild turns this pattern into one chunk per file of ./zh and ./en
  const module = (await import(`./${lang}/${namespace}.json`)) as { default: Translations[N] };
  return module.default;
}

/**
 * The namespaces of the public site's bundle: its frame (common, and about for the company name), its pages, and the
 * fleet and map terms of the share page, the vehicle-class, installation and cancellation pages (`site`) and the
 * articles.
 */
export const SITE_NAMESPACES = ['common', 'about', 'solution', 'login', 'share', 'fleet', 'map', 'site', 'articles'] as const satisfies readonly Namespace[];

/** Every namespace, for the console's bundle (a Record, so the compiler sees one left out). */
const EVERY_NAMESPACE: Record<Namespace, true> = {
  common: true,
  console: true,
  map: true,
  login: true,
  solution: true,
  about: true,
  crud: true,
  system: true,
  account: true,
  enterprise: true,
  work: true,
  fleet: true,
  rules: true,
  share: true,
  site: true,
  articles: true,
  locus: true,
  places: true,
  dashboard: true,
  stock: true,
  tags: true,
  pieces: true,
  mqtt: true,
};
export const ALL_NAMESPACES = Object.keys(EVERY_NAMESPACE) as Namespace[];
