import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AcademyWaitlistForm } from '../../web/features/academy-waitlist/academy-waitlist-form';
import { academyWaitlistMessages } from '../../worker/shared/academy/academy-waitlist';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Join Waitlist' }));

describe('WaitlistForm', () => {
  it('lets the browser show our messages, not its own: noValidate, with email and tel keyboards', () => {
    render(<AcademyWaitlistForm />);
    expect(screen.getByRole('form', { name: 'Join the academy waitlist' }).hasAttribute('novalidate')).toBe(true);
    expect(screen.getByLabelText('Email address').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('WhatsApp number').getAttribute('type')).toBe('tel');
    expect(
      screen.getByText(/Be one of the first 50 to register and receive a special discount on tuition/),
    ).toBeTruthy();
  });

  it('marks all four fields required for assistive technology', () => {
    render(<AcademyWaitlistForm />);
    for (const label of ['First name', 'Current state of residence', 'Email address', 'WhatsApp number']) {
      expect((screen.getByLabelText(label) as HTMLInputElement).required, label).toBe(true);
    }
  });

  it('lists every state of Nigeria and the FCT to choose from', () => {
    render(<AcademyWaitlistForm />);
    const options = [...(screen.getByLabelText('Current state of residence') as HTMLSelectElement).options];
    expect(options).toHaveLength(38); // the placeholder, 36 states and the FCT
    expect(options.map((option) => option.value)).toContain('Federal Capital Territory');
  });

  it('shows each field its message without calling the API, and editing a field clears it', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    render(<AcademyWaitlistForm />);
    submit();
    // The rules load on the first focus or submit, so the messages arrive a moment later.
    expect(await screen.findByText(academyWaitlistMessages.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(academyWaitlistMessages.emailRequired)).toBeTruthy();
    expect(screen.getByText(academyWaitlistMessages.whatsappRequired)).toBeTruthy();
    expect(screen.getByText(academyWaitlistMessages.stateRequired)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(fetchSpy).not.toHaveBeenCalled();

    const email = screen.getByLabelText('Email address');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('-error');
    fireEvent.change(email, { target: { value: 'ada' } });
    expect(screen.queryByText(academyWaitlistMessages.emailRequired)).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBeNull();
    submit();
    expect(await screen.findByText(academyWaitlistMessages.emailInvalid)).toBeTruthy();
    expect((email as HTMLInputElement).value).toBe('ada');
  });
});
