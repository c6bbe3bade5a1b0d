/**
 * Every translation, bundled: the server renders any page in either language (the browser loads single namespaces
 * through ./load.ts instead). zh is the default language; both languages must have exactly the same keys, which the
 * two `satisfies` clauses below enforce at compile time (and tests/unit/locales.test.mjs checks again at run time).
 */
import enAbout from './en/about.json';
import enAccount from './en/account.json';
import enArticles from './en/articles.json';
import enCommon from './en/common.json';
import enConsole from './en/console.json';
import enCrud from './en/crud.json';
import enDashboard from './en/dashboard.json';
import enEnterprise from './en/enterprise.json';
import enFleet from './en/fleet.json';
import enLocus from './en/locus.json';
import enLogin from './en/login.json';
import enMap from './en/map.json';
import enMqtt from './en/mqtt.json';
import enPieces from './en/pieces.json';
import enPlaces from './en/places.json';
import enRules from './en/rules.json';
import enShare from './en/share.json';
import enSite from './en/site.json';
import enSolution from './en/solution.json';
import enStock from './en/stock.json';
import enSystem from './en/system.json';
import enTags from './en/tags.json';
import enWork from './en/work.json';
import zhAbout from './zh/about.json';
import zhAccount from './zh/account.json';
import zhArticles from './zh/articles.json';
import zhCommon from './zh/common.json';
import zhConsole from './zh/console.json';
import zhCrud from './zh/crud.json';
import zhDashboard from './zh/dashboard.json';
import zhEnterprise from './zh/enterprise.json';
import zhFleet from './zh/fleet.json';
import zhLocus from './zh/locus.json';
import zhLogin from './zh/login.json';
import zhMap from './zh/map.json';
import zhMqtt from './zh/mqtt.json';
import zhPieces from './zh/pieces.json';
import zhPlaces from './zh/places.json';
import zhRules from './zh/rules.json';
import zhShare from './zh/share.json';
import zhSite from './zh/site.json';
import zhSolution from './zh/solution.json';
import zhStock from './zh/stock.json';
import zhSystem from './zh/system.json';
import zhTags from './zh/tags.json';
import zhWork from './zh/work.json';

const zh = {
  common: zhCommon,
  console: zhConsole,
  map: zhMap,
  login: zhLogin,
  solution: zhSolution,
  about: zhAbout,
  crud: zhCrud,
  system: zhSystem,
  account: zhAccount,
  enterprise: zhEnterprise,
  work: zhWork,
  fleet: zhFleet,
  rules: zhRules,
  share: zhShare,
  site: zhSite,
  articles: zhArticles,
  locus: zhLocus,
  places: zhPlaces,
  dashboard: zhDashboard,
  stock: zhStock,
  tags: zhTags,
  pieces: zhPieces,
  mqtt: zhMqtt,
};

export type Translations = typeof zh;

const en = {
  common: enCommon,
  console: enConsole,
  map: enMap,
  login: enLogin,
  solution: enSolution,
  about: enAbout,
  crud: enCrud,
  system: enSystem,
  account: enAccount,
  enterprise: enEnterprise,
  work: enWork,
  fleet: enFleet,
  rules: enRules,
  share: enShare,
  site: enSite,
  articles: enArticles,
  locus: enLocus,
  places: enPlaces,
  dashboard: enDashboard,
  stock: enStock,
  tags: enTags,
  pieces: enPieces,
  mqtt: enMqtt,
} satisfies Translations;

/** Compile-time check of the reverse direction: en has no keys that zh lacks. */
type Assignable<From, To> = [From] extends [To] ? true : false;
export const LOCALES_MATCH: Assignable<typeof zh, typeof en> = true;

export const resources = { zh, en } as const;

export type Namespace = keyof Translations;

export const NAMESPACES = Object.keys(zh) as Namespace[];
