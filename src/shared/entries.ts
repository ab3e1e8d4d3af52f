/** An entry as a feed card shows it. Issue-3 content grows this into the full entry model. */
export interface EntryCard {
  id: number;
  url: string;
  title: string;
  intro: string;
  date: string;
  author: { id: number; name: string; url: string; avatar_color: string };
  subsite: { id: number; name: string; url: string; type: string; avatar_color: string };
  likes: { count: number; summ: number };
  counters: { comments: number; favorites: number; hits: number };
}
