/** Catalogue section: anti-spam limits, the proof-of-work captcha (rc 418) and the sign-up honeypot (issue 11). */
export const captchaMessages = {
  captchaRequired: 'Слишком много действий подряд. Подтвердите, что вы не робот',
  captchaInvalid: 'Проверка не пройдена, попробуйте ещё раз',
  signupRefused: 'Не удалось зарегистрироваться, попробуйте позже',
};

export const captchaUi = {
  title: 'Подтвердите, что вы не робот',
  text: 'Новые аккаунты пишут с ограничениями. Браузер решит небольшую задачу — это займёт пару секунд, ничего вводить не нужно.',
  solving: 'Проверяем…',
  solved: 'Готово',
  failed: 'Не удалось пройти проверку',
  submit: 'Продолжить',
  cancel: 'Отмена',
  retry: 'Попробовать ещё раз',
};
