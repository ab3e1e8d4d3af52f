import { useMemo, useState } from 'react';
import { ui } from '../../../shared/catalogue.ts';

const t = ui.accounts.apiReference;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an OpenAPI document is free-form JSON read field by field
type Json = Record<string, any>;

/** A JSON Schema as one short line per field: `name: string, 1…50 (required)`. */
function fields(schema: Json | undefined): { name: string; type: string; required: boolean }[] {
  const props = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set<string>(schema?.required ?? []);
  return Object.entries(props)
    .filter(([name]) => name !== 'mode')
    .map(([name, s]) => ({ name, type: typeOf(s), required: required.has(name) }));
}

function typeOf(s: Json): string {
  if (!s || typeof s !== 'object') return 'any';
  if (s.enum) return s.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  if (s.anyOf) return s.anyOf.map(typeOf).join(' | ');
  if (s.type === 'array') return `${typeOf(s.items)}[]`;
  if (s.type === 'object') return s.properties ? `{ ${Object.keys(s.properties).join(', ')} }` : 'object';
  const range =
    s.minLength !== undefined || s.maxLength !== undefined
      ? `, ${s.minLength ?? 0}…${s.maxLength ?? ''} симв.`
      : s.minimum !== undefined || s.maximum !== undefined
        ? `, ${s.minimum ?? ''}…${s.maximum ?? ''}`
        : '';
  return `${s.type ?? 'any'}${range}`;
}

function Fields({ title, list }: { title: string; list: ReturnType<typeof fields> }) {
  if (!list.length) return null;
  return (
    <div className="api-op__fields">
      <h4>{title}</h4>
      <ul>
        {list.map((f) => (
          <li key={f.name}>
            <code>{f.name}</code> <span>{f.type}</span>
            {f.required ? <em> обязательно</em> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The readable reference of the OpenAPI document: methods grouped by their first path segment, with a filter. */
export function ApiReference({ doc }: { doc: Json }) {
  const [filter, setFilter] = useState('');
  const ops = useMemo(() => {
    const list: { method: string; path: string; op: Json }[] = [];
    for (const [path, methods] of Object.entries((doc.paths ?? {}) as Record<string, Json>))
      for (const [method, op] of Object.entries(methods)) list.push({ method: method.toUpperCase(), path, op });
    return list;
  }, [doc]);
  const shown = ops.filter((o) => !filter || `${o.method} ${o.path}`.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div className="settings-page api-reference" data-testid="api-reference">
      <h1>{t.title}</h1>
      <p className="settings-hint">{t.intro}</p>
      <p>
        <a href="/v3.0/openapi.json">{t.document}</a> · {ops.length} методов
      </p>
      <input
        className="api-reference__filter"
        type="search"
        placeholder={t.filter}
        aria-label={t.filter}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div className="api-reference__list">
        {shown.map(({ method, path, op }) => {
          const params = (op.parameters ?? []) as Json[];
          const body = op.requestBody?.content?.['application/json']?.schema as Json | undefined;
          return (
            <details key={`${method} ${path}`} className="api-op" data-testid="api-op">
              <summary>
                <span className={`api-op__method api-op__method--${method.toLowerCase()}`}>{method}</span>
                <code>{path}</code>
                <span className="api-op__access">{op['x-access']}</span>
              </summary>
              <p className="settings-hint">{op.description}</p>
              <Fields
                title={t.params}
                list={params
                  .filter((p) => p.in === 'path')
                  .map((p) => ({ name: p.name, type: typeOf(p.schema), required: true }))}
              />
              <Fields
                title={t.query}
                list={params
                  .filter((p) => p.in === 'query' && p.name !== 'mode')
                  .map((p) => ({ name: p.name, type: typeOf(p.schema), required: !!p.required }))}
              />
              <Fields title={t.body} list={fields(body)} />
            </details>
          );
        })}
      </div>
    </div>
  );
}
