/** A vacancy's salary and place as words: the cards, the page and the RSS feed of vacancies. */
import { vacanciesUi as t } from './catalogue/vacancies.ts';
import { formatNumber } from './format.ts';

const NBSP = '\u00a0';
const rub = (n: number) => `${formatNumber(n)}${NBSP}₽`;

/** "от 150 000 ₽ до 250 000 ₽", "150 000 ₽" for equal ends, or the "not given" text. */
export function salaryText(from: number | null, to: number | null): string {
  if (from !== null && to !== null) return from === to ? rub(from) : `${rub(from)} — ${rub(to)}`;
  if (from !== null) return `${t.salaryFromWord} ${rub(from)}`;
  if (to !== null) return `${t.salaryToWord} ${rub(to)}`;
  return t.salaryNone;
}

/** "Казань", "Казань или удалённо", "Удалённая работа". */
export function placeText(town: { name: string } | null, remote: boolean): string {
  if (town && remote) return `${town.name} ${t.orRemote}`;
  return town ? town.name : t.remoteWork;
}
