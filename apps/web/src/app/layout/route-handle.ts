/**
 * What each route tells the layout about itself: the document title it shows, and how to start
 * loading its page's code (lib/routing.ts).
 */
export type RouteHandle = { title: string; preload: () => void };
