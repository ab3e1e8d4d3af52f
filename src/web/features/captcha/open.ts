/** The rc 418 captcha popup; its code (the proof-of-work solver) loads when a server first asks for one. */
export const openCaptcha = (data: unknown) => import('./CaptchaPopup.tsx').then((m) => m.openCaptcha(data));
