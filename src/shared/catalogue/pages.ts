/** Catalogue section: the site's own pages (issue 31, point 5) — rules, agreement, about, contacts. */
export const pagesMessages = {
  pageNotFound: 'Такой страницы сайта нет',
  pageTitleRequired: 'Заголовок: напишите заголовок страницы',
  pageTitleTooLong: (n: number) => `Заголовок: не длиннее ${n} символов`,
  pageDescriptionTooLong: (n: number) => `Описание: не длиннее ${n} символов`,
  pageDescriptionType: 'Описание: нужен текст',
  pageBlocksRequired: 'Текст: страница не может быть пустой',
  pageBlockType: 'Текст: опросы и донаты на страницах сайта не ставятся',
  pageVersionNotFound: 'Такой версии страницы нет',
  pageVersionIdInvalid: 'Неверный номер версии страницы',
  pageSaved: 'Страница сохранена',
  pageRestored: 'Страница вернулась к выбранной версии',
} as const;

export const pagesUi = {
  adminTitle: 'Страницы сайта',
  adminLead:
    'Правила, соглашение, «О проекте», «Контакты» и условия вакансий и мероприятий. Каждое сохранение остаётся в версиях.',
  edit: 'Изменить',
  open: 'Открыть на сайте',
  fieldTitle: 'Заголовок',
  fieldDescription: 'Описание для поисковиков и ссылок',
  fieldBlocks: 'Текст страницы',
  save: 'Сохранить',
  saving: 'Сохраняем…',
  versions: 'Версии',
  noVersions: 'Версий пока нет',
  current: 'Текущая',
  restore: 'Вернуть',
  restoreConfirm: 'Страница станет такой, как в этой версии. Нынешний текст останется в версиях.',
  template: 'Шаблон',
  updated: 'Обновлено',
  back: 'Все страницы',
} as const;

/** Forms that cite the site's terms (each link opens the page in a new tab). */
export const termsUi = {
  registerLead: 'Регистрируясь, вы принимаете',
  rules: 'правила сайта',
  and: 'и',
  agreement: 'пользовательское соглашение',
} as const;
