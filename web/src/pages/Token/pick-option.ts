import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Test helper: picks a Semi Select option by its visible text. A single select reports the change
 * only when its closing animation ends; jsdom plays no animations, so the end is signalled by hand
 * (React listens for the prefixed event name there, jsdom having no AnimationEvent).
 */
export async function pickOption(text: string) {
  await waitFor(() => expect(screen.getAllByRole('option').some((o) => o.textContent === text)).toBe(true));
  fireEvent.click(screen.getAllByRole('option').find((o) => o.textContent === text)!);
  document
    .querySelectorAll('.semi-popover-wrapper')
    .forEach((popup) => fireEvent(popup, new Event('webkitAnimationEnd', { bubbles: true })));
}
