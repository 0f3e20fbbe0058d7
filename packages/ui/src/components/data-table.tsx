import Box from '@mui/material/Box';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../visually-hidden';

/** A column of a `DataTable`: its header and what each row shows in it. */
export interface DataColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures (money, counts, dates in a column of figures): right-aligned, in digits of one width. */
  numeric?: boolean;
}

export interface DataTableProps<Row> {
  /** What the table lists: its caption, and the name of the region it scrolls in. */
  caption: string;
  /** The caption is read, not shown (a heading above says the same). */
  hideCaption?: boolean;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  /** A key for each row, unique in the table. */
  rowKey: (row: Row) => string;
  /**
   * Hidden on screen but read by screen readers (the figures of a chart, until the person asks to see them); it
   * is then no scrolling region either, so nothing unseen takes focus.
   */
  visuallyHidden?: boolean;
}

/**
 * A GOV.UK table: a caption, a header row, and a row header (the first column) naming each row. It is as wide as
 * the column; when its columns need more room than a phone has, the table scrolls sideways inside its own region,
 * which is labelled by the caption and can take focus (so it scrolls by keyboard), while the page never does.
 */
export function DataTable<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  visuallyHidden: hidden = false,
}: DataTableProps<Row>) {
  const captionId = useId();
  const table = (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        typography: { xs: 'body2', sm: 'body1' },
        '& th, & td': { textAlign: 'left', verticalAlign: 'top', py: 1, pr: 2, borderBottom: 1, borderColor: 'divider' },
        '& th:last-of-type, & td:last-of-type': { pr: 0 },
        '& thead th': { fontWeight: 700, borderBottomWidth: 2 },
        '& tbody th': { fontWeight: 400 },
        '& .numeric': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
      }}
    >
      <Box
        component="caption"
        id={captionId}
        sx={hideCaption ? visuallyHidden : { typography: 'h6', textAlign: 'left', captionSide: 'top', mb: 1 }}
      >
        {caption}
      </Box>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={column.numeric === true ? 'numeric' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) => {
              const className = column.numeric === true ? 'numeric' : undefined;
              return index === 0 ? (
                <th key={column.header} scope="row" className={className}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={className}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
  if (hidden) return <Box sx={visuallyHidden}>{table}</Box>;
  return (
    <Box
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        mb: 3,
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
      }}
    >
      {table}
    </Box>
  );
}
