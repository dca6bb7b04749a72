import { useId, type Key, type ReactNode } from 'react';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a <th scope="row">. */
  rowHeader?: boolean;
  /** Figures, aligned right ('num') in the header and the cells. */
  numeric?: boolean;
  /** More classes for the body cells. */
  className?: string;
  /** Names the cell where rows are shown as cards on phones (data-label). */
  label?: string;
}

interface DataTableProps<T> {
  /** Names the table for screen readers; visually hidden. */
  caption: ReactNode;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Classes besides 'table'. */
  className?: string;
  /**
   * A table scrolls sideways on a phone inside a focusable region named by its caption, so a
   * keyboard can scroll it too. One whose rows become cards there (the cart) sits in a plain box
   * of this class instead.
   */
  plainWrapClassName?: string;
}

/** A real <table> with its caption, column headers and a header cell per row. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  className,
  plainWrapClassName,
}: DataTableProps<T>) {
  const captionId = useId();
  const wrap = plainWrapClassName
    ? { className: plainWrapClassName }
    : { className: 'table-wrap', role: 'region', 'aria-labelledby': captionId, tabIndex: 0 };
  return (
    <div {...wrap}>
      <table className={['table', className].filter(Boolean).join(' ')}>
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, i) => {
                const Cell = column.rowHeader ? 'th' : 'td';
                const classes = [column.numeric && 'num', column.className].filter(Boolean);
                return (
                  <Cell
                    key={i}
                    scope={column.rowHeader ? 'row' : undefined}
                    className={classes.length > 0 ? classes.join(' ') : undefined}
                    data-label={column.label}
                  >
                    {column.cell(row)}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
