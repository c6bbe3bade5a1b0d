import { ArticlePage } from '@/features/articles';

/** /article/:type: privacy policy, terms, data and cookie notice, installation guide. */
export function ArticleRoute() {
  return <ArticlePage />;
}
