import { useRef, useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import type * as pagesApi from '../../../shared/api/pages.ts';
import { pagesUi as t } from '../../../shared/catalogue/pages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import {
  PAGE_DESCRIPTION_MAX,
  PAGE_TITLE_MAX,
  type PageVersion,
  type StaticPage,
} from '../../../shared/static-pages.ts';
import { call } from '../../api/call.ts';
import { FormField } from '../../ui/FormField.tsx';
import { FieldError } from '../../ui/FieldError.tsx';
import { openModal } from '../../ui/overlays/modal.tsx';
import { toast } from '../../ui/overlays/toasts.tsx';
import { BlockEditor, type BlockEditorApi } from '../editor/BlockEditor.tsx';
import '../editor/editor.css';
import { Limited } from '../../ui/Limited.tsx';
import { useUnsaved } from '../../ui/unsaved.ts';

/** The editor's tools for a page: the blocks `PAGE_BLOCK_TYPES` allows (no quiz, no donation). */
const PAGE_EDITOR_TOOLS = [
  'paragraph',
  'header',
  'list',
  'quote',
  'incut',
  'media',
  'video',
  'linkCard',
  'code',
  'warning',
  'delimiter',
  'number',
  'person',
] as const;

/**
 * One page of the site in the block editor (title, description, text) and its versions: a save keeps a version, and
 * any version can be brought back (which is a save too). The server's schema is the one check; its refusal names the
 * field.
 */
export function PageEditor({ page, versions }: { page: StaticPage; versions: PageVersion[] }) {
  const revalidator = useRevalidator();
  const editor = useRef<BlockEditorApi | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const guard = useUnsaved();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!editor.current) return;
    const f = new FormData(e.currentTarget);
    setBusy(true);
    const res = await call<typeof pagesApi.save>('POST /pages/:slug', {
      slug: page.slug,
      title: String(f.get('title') ?? ''),
      description: String(f.get('description') ?? ''),
      // As JSON text: a form body would turn the blocks' numbers into strings.
      blocks: JSON.stringify(await editor.current.read()),
    });
    setBusy(false);
    if (!res.ok) {
      const found = (res.data as { errors?: Record<string, string> } | null)?.errors;
      return setErrors(found ?? { form: res.rm });
    }
    setErrors({});
    guard.saved();
    toast.show(res.rm, { type: 'success' });
    await revalidator.revalidate();
  }

  async function restore(v: PageVersion) {
    const { status } = await openModal({
      kind: 'confirm',
      title: t.restore,
      text: t.restoreConfirm,
      confirmLabel: t.restore,
    });
    if (!status) return;
    const res = await call<typeof pagesApi.restore>('POST /pages/:slug/versions/:id/restore', {
      slug: page.slug,
      id: v.id,
    });
    if (!res.ok) return;
    toast.show(res.rm, { type: 'success' });
    await revalidator.revalidate();
  }

  return (
    <div className="page-editor">
      <form ref={guard.ref} className="page-editor__form" onSubmit={submit} data-testid="page-form" noValidate>
        <h1 className="page-title">{page.title}</h1>
        <a href={page.path} target="_blank" rel="noopener" className="page-editor__open">
          {t.open}: {page.path}
        </a>
        <FormField label={t.fieldTitle} error={errors.title} errorId="error-title">
          <Limited>
            <input
              name="title"
              className="form-input"
              defaultValue={page.title}
              maxLength={PAGE_TITLE_MAX}
              data-testid="field-title"
            />
          </Limited>
        </FormField>
        <FormField label={t.fieldDescription} error={errors.description} errorId="error-description">
          <Limited>
            <textarea
              name="description"
              className="form-input"
              rows={2}
              defaultValue={page.description}
              maxLength={PAGE_DESCRIPTION_MAX}
              data-testid="field-description"
            />
          </Limited>
        </FormField>
        <FormField label={t.fieldBlocks} group error={errors.blocks} errorId="error-blocks">
          <div className="form-input ed-field page-editor__blocks" data-testid="field-blocks">
            <BlockEditor initial={page.blocks} onChange={() => undefined} apiRef={editor} only={PAGE_EDITOR_TOOLS} />
          </div>
        </FormField>
        <FieldError message={errors.form ?? ''} testId="error-form" />
        <button type="submit" className="btn btn-primary" disabled={busy} data-testid="page-save">
          {busy ? t.saving : t.save}
        </button>
      </form>
      <section className="page-editor__versions" data-testid="page-versions">
        <h2>{t.versions}</h2>
        {versions.length === 0 && <p>{t.noVersions}</p>}
        <ol>
          {versions.map((v) => (
            <li key={v.id} data-testid="page-version" data-id={v.id} data-current={v.is_current ? '1' : undefined}>
              <span className="page-editor__when">{formatDateTime(v.date)}</span>
              <span className="page-editor__who">{v.author?.name ?? t.template}</span>
              <span className="page-editor__vtitle">{v.title}</span>
              {v.is_current ? (
                <b className="page-editor__current">{t.current}</b>
              ) : (
                <button type="button" className="btn btn-small" onClick={() => restore(v)} data-testid="page-restore">
                  {t.restore}
                </button>
              )}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
