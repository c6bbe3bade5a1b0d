/** Every path the app links to, in one place (so a renamed route is a one-line change). */
export const paths = {
  home: '/',
  map: '/map',
  solution: '/solution',
  about: '/about',
  login: '/login',
  notFound: '/404',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
