import { Fragment, useEffect, useRef, type CSSProperties } from 'react';
import { SEARCH_LIST, toSections, type ListData, type ListItem } from './filter.ts';
import './search-list.css';

/**
 * The rows of a search list as a listbox: sections as labelled groups, the focused row marked for assistive
 * technology by id (focus itself stays in the text field that drives it) and scrolled into view. Pointer presses do
 * not take focus away from that field.
 */
export function OptionList({
  id,
  data,
  focused,
  selected,
  multiple = false,
  label,
  testId,
  optionTestId,
  className = '',
  style,
  onFocus,
  onPick,
}: {
  id: string;
  data: ListData;
  /** Index in the flat order of rows; -1 for none. */
  focused: number;
  selected: readonly string[];
  multiple?: boolean;
  label: string;
  testId?: string;
  optionTestId?: string;
  className?: string;
  style?: CSSProperties;
  onFocus(index: number): void;
  onPick(item: ListItem): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused >= 0)
      ref.current?.querySelector(`#${CSS.escape(optionId(id, focused))}`)?.scrollIntoView({ block: 'nearest' });
  }, [focused, id]);
  let index = 0;
  return (
    <div
      ref={ref}
      id={id}
      role="listbox"
      aria-label={label}
      aria-multiselectable={multiple || undefined}
      className={`search-list__options ${className}`}
      style={{ maxHeight: `calc(${SEARCH_LIST.maxVisible} * var(--search-list-row) + 8px)`, ...style }}
      data-testid={testId}
    >
      {toSections(data).map((s, si) => {
        const rows = s.items.map((item) => {
          const i = index++;
          const on = selected.includes(item.value);
          return (
            <div
              key={`${item.value}-${i}`}
              id={optionId(id, i)}
              role="option"
              aria-selected={on}
              aria-disabled={item.disabled || undefined}
              className={`search-list__option${i === focused ? ' is-focused' : ''}${on ? ' is-selected' : ''}`}
              style={item.color ? { color: item.color } : undefined}
              data-testid={optionTestId}
              data-value={item.value}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => onFocus(i)}
              onClick={() => !item.disabled && onPick(item)}
            >
              {multiple && <span className="search-list__check" aria-hidden="true" />}
              {item.image ? (
                <img
                  className="search-list__image"
                  src={item.image}
                  alt=""
                  width={SEARCH_LIST.imageSize}
                  height={SEARCH_LIST.imageSize}
                />
              ) : (
                item.icon && <span className="search-list__image">{item.icon}</span>
              )}
              <span className="search-list__label">{item.label}</span>
              {item.details && <span className="search-list__details">{item.details}</span>}
            </div>
          );
        });
        return s.title ? (
          <div key={si} role="group" aria-labelledby={`${id}-s${si}`}>
            <div id={`${id}-s${si}`} className="search-list__section" role="presentation">
              {s.title}
            </div>
            {rows}
          </div>
        ) : (
          <Fragment key={si}>{rows}</Fragment>
        );
      })}
    </div>
  );
}

export const optionId = (listId: string, index: number) => `${listId}-o${index}`;
