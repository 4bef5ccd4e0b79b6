// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusMenu } from './status-menu.js';

const statuses = [
  { id: 1, slug: 'open', name: 'Open' },
  { id: 2, slug: 'waiting', name: 'Waiting' },
] as Parameters<typeof StatusMenu>[0]['statuses'];

afterEach(cleanup);

describe('StatusMenu', () => {
  it('picks a status by its number key, and by the digit row’s place where it types no digit (AZERTY’s é is 2)', () => {
    const onChoose = vi.fn();
    render(<StatusMenu statuses={statuses} onChoose={onChoose} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    fireEvent.keyDown(dialog, { key: '1', code: 'Digit1' });
    fireEvent.keyDown(dialog, { key: 'é', code: 'Digit2' });
    fireEvent.keyDown(dialog, { key: 'x', code: 'KeyX' });
    expect(onChoose.mock.calls).toEqual([['open'], ['waiting']]);
  });
});
