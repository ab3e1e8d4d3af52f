const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'sch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Latin letters that do not decompose into a base letter and a mark
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  þ: 'th',
  ı: 'i',
};

/** Latin URL slug from Russian or English text: `Привет, мир!` -> `privet-mir`. */
export function slugify(text: string, maxLength = 80): string {
  // Accented Latin letters lose their marks (`zoë` -> `zoe`); `ё` and `й` are handled by the table before that.
  const latin = text
    .toLowerCase()
    .replace(/[а-яёßæœøđłþı]/g, (ch) => TRANSLIT[ch] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '');
  const slug = latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug.slice(0, maxLength).replace(/-+$/, '');
}

/** `/u/{id}-{slug}` for a user's blog, `/s/{slug}` for a community or company. */
export function subsiteUrl(s: { id: number; type: string; slug: string }): string {
  return s.type === 'user' ? `/u/${s.id}${s.slug ? `-${s.slug}` : ''}` : `/s/${s.slug}`;
}
