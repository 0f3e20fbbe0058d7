import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SERVICE_UNAVAILABLE_TITLE, ServiceUnavailableOverlay } from './service-unavailable-overlay';

function renderOverThePage(props: Partial<Parameters<typeof ServiceUnavailableOverlay>[0]> = {}) {
  const onOkay = vi.fn();
  render(
    <>
      <main>
        <h1>Your loan</h1>
        <button type="button">Make a payment</button>
      </main>
      <ServiceUnavailableOverlay open onOkay={onOkay} {...props} />
    </>,
  );
  return { onOkay };
}

describe('ServiceUnavailableOverlay', () => {
  it('says by default that we will be back soon and that the site is down for scheduled maintenance', () => {
    renderOverThePage();

    const overlay = screen.getByRole('alertdialog', { name: "We'll be back soon!" });
    expect(overlay).toHaveAttribute('aria-modal', 'true');
    expect(overlay).toHaveAccessibleDescription(/temporarily unavailable.*scheduled maintenance/);
    expect(within(overlay).getByRole('heading', { level: 2, name: SERVICE_UNAVAILABLE_TITLE })).toBeInTheDocument();
    expect(within(overlay).getByRole('button', { name: 'Okay' })).toBeInTheDocument();
  });

  it('shows the title and notice the server sent, its notice as sanitised HTML', () => {
    renderOverThePage({
      title: 'Planned upgrade',
      bodyHtml:
        '<p>We are upgrading until <strong>6am</strong>.</p><img src=x onerror="window.pwned=1">' +
        '<p><a href="https://status.example.test/">Service status</a> <a href="javascript:window.pwned=1">Trap</a></p>',
    });

    const overlay = screen.getByRole('alertdialog', { name: 'Planned upgrade' });
    expect(overlay).toHaveAccessibleDescription(/^We are upgrading until\s*6am\s*\.\s*Service status\s+Trap$/);
    expect(within(overlay).getByText('6am').tagName).toBe('STRONG');
    expect(within(overlay).getByRole('link', { name: 'Service status' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(overlay).queryByRole('link', { name: 'Trap' })).not.toBeInTheDocument();
    expect(overlay.querySelector('img, [onerror]')).toBeNull();
    expect(window).not.toHaveProperty('pwned');
  });

  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('shows the defaults when the server’s title and notice are %s', (_, value) => {
    renderOverThePage({ title: value, bodyHtml: value });

    expect(screen.getByRole('alertdialog', { name: SERVICE_UNAVAILABLE_TITLE })).toHaveAccessibleDescription(
      /scheduled maintenance/,
    );
  });

  it('leaves the page its one h1 and hides the page from assistive technology while open', () => {
    renderOverThePage();

    expect(screen.getAllByRole('heading', { level: 1, hidden: true })).toHaveLength(1);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make a payment' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('moves focus to Okay, and Okay calls onOkay by click or keyboard', async () => {
    const user = userEvent.setup();
    const { onOkay } = renderOverThePage();
    const okay = screen.getByRole('button', { name: 'Okay' });

    await waitFor(() => {
      expect(okay).toHaveFocus();
    });
    await user.keyboard('{Enter}');
    await user.click(okay);

    expect(onOkay).toHaveBeenCalledTimes(2);
  });

  it('keeps focus inside while open', async () => {
    const user = userEvent.setup();
    renderOverThePage({ bodyHtml: '<p><a href="https://status.example.test/">Service status</a></p>' });
    const overlay = screen.getByRole('alertdialog');

    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Okay' })).toHaveFocus();
    });
    await user.tab();
    expect(overlay).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    expect(overlay).toContainElement(document.activeElement as HTMLElement);
  });

  it('treats Escape as Okay, its only way out', async () => {
    const user = userEvent.setup();
    const { onOkay } = renderOverThePage();

    await user.keyboard('{Escape}');

    expect(onOkay).toHaveBeenCalledTimes(1);
  });

  it('shows nothing while it is not open', () => {
    renderOverThePage({ open: false });

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your loan' })).toBeInTheDocument();
  });
});
