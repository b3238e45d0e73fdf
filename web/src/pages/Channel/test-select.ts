import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/**
 * Test helper: opens a Semi Select and picks an option by its text. A controlled single select
 * reports the change only when its closing animation ends; jsdom plays no animations, so the end
 * is signalled by hand (React listens for the prefixed event name, jsdom having no AnimationEvent).
 */
export async function chooseOption(select: HTMLElement, text: string) {
  await userEvent.click(select);
  const option = await waitFor(() => {
    const found = screen.getAllByRole('option').find((o) => o.textContent === text);
    if (!found) throw new Error(`no option "${text}"`);
    return found;
  });
  fireEvent.click(option);
  document
    .querySelectorAll('.semi-popover-wrapper')
    .forEach((popup) => fireEvent(popup, new Event('webkitAnimationEnd', { bubbles: true })));
}
