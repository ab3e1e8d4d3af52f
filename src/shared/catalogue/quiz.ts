/** Catalogue section: quizzes (issue 28; spec/content.md §3, §4, §8). Russian texts only. */

export const quizMessages = {
  // The block as the editor sends it (entries' save).
  entryQuizInvalid: 'Опрос заполнен неправильно',
  entryQuizQuestionRequired: 'Напишите вопрос опроса',
  entryQuizItemRequired: 'Заполните каждый вариант ответа опроса',
  entryQuizItemsCount: (min: number, max: number) => `В опросе должно быть от ${min} до ${max} вариантов ответа`,
  entryQuizHashInvalid: 'Неверный код опроса или варианта ответа',
  entryQuizHashTwice: 'Коды опросов и вариантов ответа в записи не должны повторяться',
  entryQuizHashTaken: 'Этот опрос уже есть в другой записи: добавьте новый',
  // The calls (spec/content.md §7).
  quizHashInvalid: 'Неверный код опроса',
  quizHashesInvalid: (max: number) => `Укажите от 1 до ${max} кодов опросов через запятую`,
  quizItemInvalid: 'Неверный код варианта ответа',
  quizDeviceTokenInvalid: 'Неверный отпечаток устройства: 40 латинских букв и цифр',
  quizNotFound: 'Опрос не найден',
  quizItemNotFound: 'В этом опросе нет такого варианта ответа',
  quizItemsRequired: 'Выберите вариант ответа',
  quizSingleAnswer: 'В этом опросе можно выбрать только один ответ',
  quizAlreadyVoted: 'Вы уже проголосовали в этом опросе',
} as const;

export const quizUi = {
  label: 'Опрос',
  multipleHint: 'Можно выбрать несколько ответов',
  vote: 'Голосовать',
  showResults: 'Показать результаты',
  hideResults: 'Скрыть результаты',
  votes: ['голос', 'голоса', 'голосов'] as [string, string, string],
  voters: ['человек проголосовал', 'человека проголосовали', 'человек проголосовали'] as [string, string, string],
  noVotes: 'Пока никто не голосовал',
  winner: 'Лидирует',
  yourChoice: 'Ваш выбор',
  unavailable: 'Результаты опроса сейчас недоступны',
  // The editor's block.
  toolTitle: 'Опрос',
  question: 'Вопрос',
  item: (n: number) => `Вариант ${n}`,
  addItem: 'Добавить вариант',
  removeItem: 'Убрать вариант',
  multiple: 'Несколько ответов',
  resultsBefore: 'Результаты видны до голосования',
} as const;
