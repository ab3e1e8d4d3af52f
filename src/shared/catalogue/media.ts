/** Catalogue section: media. `messages` are server `rm` texts, `ui` client texts. */
import { pluralize } from '../format.ts';

export const mediaMessages = {
  // 'invalid image format (use .jpg or .png)' (spec/foundation.md §5)
  mediaFormatInvalid:
    'Неверный формат файла: загрузите картинку .jpg, .png, .gif, .webp, видео .mp4, .mov, .webm или аудио .mp3, .m4a, .ogg, .wav',
  // 'file size limit in MB' (spec/foundation.md §5)
  mediaTooLarge: (mb: number) => `Файл слишком большой: не больше ${mb} МБ`,
  // 'at most N attachments' (spec/foundation.md §5)
  mediaTooMany: (n: number) => `Можно прикрепить не больше ${pluralize(n, ['файла', 'файлов', 'файлов'])}`,
  // 'File uploading failed' (spec/foundation.md §8)
  mediaUploadFailed: 'Не удалось загрузить файл',
  mediaNoFiles: 'Выберите файл для загрузки',
  mediaEmptyFile: 'Файл пустой',
  mediaBroken: 'Файл повреждён: его не удалось прочитать',
  mediaAudioBroken: 'Аудиофайл повреждён: его не удалось воспроизвести',
  mediaPixelsTooMany: (mp: number) => `Картинка слишком большая: не больше ${mp} мегапикселей`,
  mediaFieldInvalid: 'Файлы передаются в полях file_0, file_1 и так далее',
  mediaUrlsRequired: 'Укажите ссылки на картинки',
  mediaUrlInvalid: 'Неверная ссылка: нужен адрес http или https',
  mediaUrlRefused: 'Этот адрес недоступен для загрузки',
  mediaUrlTimeout: 'Сервер с файлом не ответил вовремя',
  mediaUrlRedirects: 'Слишком много перенаправлений по ссылке',
  mediaUrlStatus: (status: number) => `Файл по ссылке не скачать: сервер ответил кодом ${status}`,
  mediaUrlNetwork: 'Не удалось скачать файл по ссылке',
  // The attach-gif modal (issue 32 point 7)
  mediaGifNotFound: 'Гифка не найдена: загрузите её заново',
  mediaGifOnly: 'Прикрепить можно только gif',
  mediaGifOne: 'Загрузите одну гифку или дайте ссылку на неё',
  // Delivery (`{media base}/{uuid}/-/…/`)
  mediaNotFound: 'Файл не найден',
  mediaFilterInvalid: 'Неверный фильтр в адресе картинки',
  mediaFilterRepeated: 'Фильтр в адресе картинки повторяется',
  mediaWidthNotBucket: (width: number, bucket: number) => `Ширина ${width} не поддерживается: используйте ${bucket}`,
  mediaSideInvalid: (max: number) => `Размер картинки — от 1 до ${max} пикселей`,
  mediaMp4OnlyGif: 'В mp4 превращаются только gif',
  mediaVideoNoFilters: 'Для видео есть только обложка: -/format/jpg/ и -/resize/{ширина}/',
  mediaVideoTooLong: (minutes: number) => `Видео слишком длинное: не больше ${minutes} минут`,
  // Video uploads of the editor (a job makes them mp4; spec/content.md §9)
  mediaVideoFormatInvalid: 'Неверный формат видео: загрузите .mp4, .mov или .webm',
  mediaVideoNotFound: 'Видео не найдено: загрузите его заново',
  mediaAudioNoFilters: 'Для аудио фильтры не поддерживаются',
  // Non-media files (messenger attachments)
  mediaFileFormatInvalid:
    'Такой файл не прикрепить: подойдут .pdf, .zip, .7z, .rar, .docx, .xlsx, .pptx, .odt, .ods, .rtf, .epub, .txt, .csv, .md',
  mediaFileNameInvalid: 'Неверное имя файла',
  mediaFileNotText: 'Текстовый файл должен быть в кодировке UTF-8',
  mediaFileNoFilters: 'Для файлов фильтры не поддерживаются',
  // Listens of audio blocks
  audioHashInvalid: 'Неверный код аудио: от 8 до 16 латинских букв и цифр',
  audioNotFound: 'Аудио не найдено',
} as const;

export const mediaUi = {} as const;
