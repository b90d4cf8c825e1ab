import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/fetch-mock';
import { APP_CONFIG_WIRE } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { ApiError } from './http';
import { formatToastMessage, showErrorToast, showSuccessToast } from './toast';

function toast(kind: 'success' | 'error'): HTMLElement | null {
  return document.querySelector(`[data-toast="${kind}"]`);
}

async function startApp() {
  mockApi({ 'GET /app_config': ok(APP_CONFIG_WIRE) });
  const app = await renderApp('/auth/login');
  await screen.findByRole('heading', { level: 1, name: 'Log in' });
  vi.useFakeTimers();
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('formatToastMessage', () => {
  it('shows a two-item list as "first: second"', () => {
    expect(formatToastMessage(['Front door', 'is offline'])).toBe('Front door: is offline');
  });

  it('keeps a plain message as it is', () => {
    expect(formatToastMessage('Saved')).toBe('Saved');
  });
});

describe('toasts', () => {
  it('shows a success toast when a message is set and clears it after 3.6 s', async () => {
    await startApp();
    act(() => {
      showSuccessToast('Your details have been saved.');
    });
    expect(toast('success')).toHaveTextContent('Your details have been saved.');

    act(() => {
      vi.advanceTimersByTime(3500);
    });
    expect(toast('success')).toBeInTheDocument();

    // At 3.6 s it closes, then leaves with its 0.35 s animation.
    act(() => {
      vi.advanceTimersByTime(100);
    });
    act(() => {
      vi.advanceTimersByTime(350);
    });
    expect(toast('success')).not.toBeInTheDocument();
  });

  it('can be closed by hand', async () => {
    await startApp();
    act(() => {
      showSuccessToast('Saved');
    });
    const close = within(toast('success')!).getByRole('button', { name: 'Close message' });
    act(() => {
      close.click();
    });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(toast('success')).not.toBeInTheDocument();
  });

  it('shows an error given as a two-item list as "first: second", with an error icon', async () => {
    await startApp();
    act(() => {
      showErrorToast(['Front door', 'is offline']);
    });
    const error = toast('error')!;
    expect(error).toHaveTextContent('Front door: is offline');
    expect(error.querySelector('svg.tabler-icon-alert-circle')).not.toBeNull();
  });

  it('shows server errors from the errors list, a field error as "field: message"', async () => {
    await startApp();
    act(() => {
      showErrorToast(
        new ApiError('Validation failed', 422, [
          { code: 'validation_failed', message: 'is too long', field: 'first_name' },
          { code: 'conflict', message: 'Email taken' },
        ]),
      );
    });
    const error = toast('error')!;
    expect(error).toHaveTextContent('First name: is too long');
    expect(error).toHaveTextContent('This conflicts with existing data.');
  });

  it('translates the transport errors', async () => {
    await startApp();
    act(() => {
      showErrorToast(new ApiError('Network Error', 0));
    });
    expect(toast('error')).toHaveTextContent('No connection with the server.');
  });

  it('is cleared by a navigation only once about a second has passed since it was shown', async () => {
    const { router } = await startApp();
    act(() => {
      showSuccessToast('Signed out');
    });

    act(() => {
      vi.advanceTimersByTime(300);
    });
    await act(async () => {
      await router.navigate({ to: '/auth/forgot_password' });
    });
    expect(router.state.location.pathname).toBe('/auth/forgot_password');
    // Longer than the exit animation: a toast cleared by this navigation would be gone by now.
    act(() => {
      vi.advanceTimersByTime(400);
    });
    expect(toast('success')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(400);
    });
    await act(async () => {
      await router.navigate({ to: '/auth/login' });
    });
    act(() => {
      vi.advanceTimersByTime(400);
    });
    // Well before its 3.6 s lifetime, so the navigation cleared it.
    expect(toast('success')).not.toBeInTheDocument();
  });
});
