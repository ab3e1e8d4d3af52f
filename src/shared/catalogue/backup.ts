/**
 * Catalogue section: what `npm run backup` / `npm run restore` and the worker's scheduled backups say (issue 34). An
 * operator's command-line texts, Russian first with English after, kept out of catalogue.ts: no page shows them.
 */
export const backupTexts = {
  toolMissing: (tool: string) =>
    `${tool} не найден: установите клиент PostgreSQL (пакет postgresql-client) той же версии, что и сервер, или новее / ` +
    `${tool} not found: install the PostgreSQL client tools (postgresql-client), the server's version or newer`,
  toolFailed: (tool: string, why: string) => `${tool} завершился с ошибкой / ${tool} failed: ${why}`,
  busy: 'Другая резервная копия уже снимается / another backup is running',
  serverRunning: (pid: number) =>
    `Сайт на встроенной базе работает (процесс ${pid}): остановите его или поручите копии воркеру (BACKUP_DIR) / ` +
    `the site on the embedded database is running (pid ${pid}): stop it, or let the worker take backups (BACKUP_DIR)`,
  noSite: (dir: string) => `В ${dir} нет базы сайта: проверьте DATA_DIR / no site database in ${dir}: check DATA_DIR`,
  noManifest: (dir: string) => `В ${dir} нет manifest.json: это не резервная копия / no manifest.json in ${dir}`,
  badManifest: (why: string) => `manifest.json повреждён / manifest.json is damaged: ${why}`,
  fileMissing: (file: string) => `Файла ${file} нет в копии / ${file} is missing from the backup`,
  checksumMismatch: (file: string) =>
    `Контрольная сумма ${file} не совпадает: копия повреждена, восстановление отменено / ` +
    `${file} does not match its checksum: the backup is damaged, nothing restored`,
  notEmpty: (what: string) =>
    `База не пуста (${what}): восстановление идёт только в пустой сайт; --force сотрёт её / ` +
    `the database is not empty (${what}): restore goes into an empty site only; --force wipes it`,
  kindMismatch: (backup: string, site: string) =>
    `Копия снята с базы ${backup}, а сайт настроен на ${site} / the backup is of a ${backup} database, the site uses ${site}`,
  newerBackup: (backup: number, code: number) =>
    `Копия новее кода: в ней ${backup} миграций, код знает ${code}; обновите Среду / ` +
    `the backup is newer than this code (${backup} migrations, the code knows ${code}): update Sreda`,
  secretKept:
    'Файл secret сайта отличается от сохранённого и оставлен (--force заменит его) / ' +
    "the site's secret file differs from the backup's and was kept (--force replaces it)",
  usageRestore: 'Использование / usage: npm run restore -- <каталог копии / backup dir> [--force]',
  taken: (dir: string, mb: string, seconds: string) =>
    `Резервная копия готова / backup written: ${dir} (${mb} МБ / MB, ${seconds} с / s)`,
  restored: (dir: string, seconds: string) =>
    `Восстановлено из / restored from ${dir} (${seconds} с / s); запустите сайт / start the site`,
};
