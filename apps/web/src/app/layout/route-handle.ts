/** What each route tells the layout about itself: the document title it shows. */
export type RouteHandle = { title: string };
