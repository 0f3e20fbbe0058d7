import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import type { DataColumn } from './data-table';

interface Payment {
  id: string;
  date: string;
  amount: string;
}

const columns: DataColumn<Payment>[] = [
  { header: 'Date', cell: (row) => row.date },
  { header: 'Amount', cell: (row) => row.amount, numeric: true },
];
const rows: Payment[] = [
  { id: 'p1', date: '3rd Jan 2027', amount: '£402.12' },
  { id: 'p2', date: '3rd Feb 2027', amount: '£402.15' },
];

describe('DataTable', () => {
  it('is a table named by its caption, with column headers and a header naming each row', () => {
    render(<DataTable caption="Your payments" columns={columns} rows={rows} rowKey={(row) => row.id} />);

    const table = screen.getByRole('table', { name: 'Your payments' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Date', 'Amount']);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['3rd Jan 2027', '3rd Feb 2027']);
    expect(within(table).getByRole('cell', { name: '£402.15' })).toHaveClass('numeric');
    expect(within(table).getByRole('columnheader', { name: 'Amount' })).toHaveClass('numeric');
  });

  it('scrolls sideways in its own region, labelled by the caption, which a keyboard can reach', async () => {
    render(<DataTable caption="Your payments" columns={columns} rows={rows} rowKey={(row) => row.id} />);

    const region = screen.getByRole('region', { name: 'Your payments' });
    expect(region).toHaveStyle({ overflowX: 'auto' });
    await userEvent.tab();
    expect(region).toHaveFocus();
  });

  it('can be read and not shown, with nothing unseen to focus', async () => {
    render(<DataTable caption="Your payments" columns={columns} rows={rows} rowKey={(row) => row.id} visuallyHidden />);

    expect(screen.getByRole('table', { name: 'Your payments' })).toBeInTheDocument();
    expect(screen.queryByRole('region')).toBeNull();
    await userEvent.tab();
    expect(document.body).toHaveFocus();
  });
});
