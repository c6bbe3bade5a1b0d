/** The public entry of features/articles: the article page, its head, and the article types. */
export { articlePageMeta } from './article-meta';
export { ARTICLE_TYPES, type ArticleType } from './articles';
export { ArticlePage } from './components/article-page';
