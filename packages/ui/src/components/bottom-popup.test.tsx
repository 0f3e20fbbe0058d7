import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BottomPopup } from './bottom-popup';

function renderPopup(props: Partial<Parameters<typeof BottomPopup>[0]> = {}) {
  const onButton = vi.fn();
  const onClose = vi.fn();
  render(
    <BottomPopup
      open
      title="Email verification failed"
      description="The link has expired."
      onButton={onButton}
      onClose={onClose}
      {...props}
    />,
  );
  return { onButton, onClose };
}

/** A page with a button that opens the popup, and the popup closing on its button or on Escape. */
function PageWithPopup() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
        }}
      >
        Continue
      </button>
      <BottomPopup
        open={open}
        title="This email is already registered"
        description="Please login to your existing account"
        buttonLabel="Log in"
        onButton={() => {
          setOpen(false);
        }}
        onClose={() => {
          setOpen(false);
        }}
      />
    </>
  );
}

describe('BottomPopup', () => {
  it('is a dialog named by its title and described by its description, with one button called Close', () => {
    renderPopup();

    const dialog = screen.getByRole('dialog', { name: 'Email verification failed' });
    expect(dialog).toHaveAccessibleDescription('The link has expired.');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Email verification failed' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('takes the button label it is given', () => {
    renderPopup({ buttonLabel: 'Log in' });

    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('shows nothing while it is not open', () => {
    renderPopup({ open: false });

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus to its button and keeps it inside while open', async () => {
    const user = userEvent.setup();
    renderPopup();

    const button = screen.getByRole('button', { name: 'Close' });
    await waitFor(() => {
      expect(button).toHaveFocus();
    });
    await user.tab();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.tab({ shift: true });
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
  });

  it('calls onButton when its button is pressed, by click or by keyboard', async () => {
    const user = userEvent.setup();
    const { onButton, onClose } = renderPopup();
    const button = screen.getByRole('button', { name: 'Close' });

    await user.click(button);
    await waitFor(() => {
      expect(button).toHaveFocus();
    });
    await user.keyboard('{Enter}');

    expect(onButton).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('calls onClose, not onButton, on Escape', async () => {
    const user = userEvent.setup();
    const { onButton, onClose } = renderPopup();

    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onButton).not.toHaveBeenCalled();
  });

  it('hides the page from assistive technology while open and gives focus back to the page when it closes', async () => {
    const user = userEvent.setup();
    render(<PageWithPopup />);
    const opener = screen.getByRole('button', { name: 'Continue' });

    await user.click(opener);
    const logIn = await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(logIn).toHaveFocus();
    });

    await user.keyboard('{Escape}');

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(opener).toHaveFocus();
  });
});
