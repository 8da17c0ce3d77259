import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  phoneVerificationMachine,
  type VerifyCodeInput,
} from '../../machines/phone-verification/phone-verification.machine';
import { PhoneVerificationView } from '../../src/ui/phone-verification/PhoneVerificationView';
import { FAKE_CLOCK } from './support/fake-api';

const NOW = Date.UTC(2030, 0, 15, 12);

function mount(verifyCode = vi.fn(async (_input: VerifyCodeInput) => ({ ok: true }))) {
  const machine = phoneVerificationMachine.provide({
    actors: { verifyCode: fromPromise<unknown, VerifyCodeInput>(({ input }) => verifyCode(input)) },
  });
  const actor = createActor(machine, {
    input: {
      phoneNumber: '5511987654321',
      sent: {
        expiresAt: new Date(NOW + 600_000).toISOString(),
        resendAvailableAt: new Date(NOW + 75_000).toISOString(),
      },
    },
  }).start();
  render(<PhoneVerificationView verification={actor} />);
  return { actor, verifyCode, field: screen.getByLabelText('Código de verificação') as HTMLInputElement };
}

describe('<PhoneVerificationView />', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKE_CLOCK] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a one-time-code field: numeric keypad, the phone’s suggestion, a label', () => {
    const { field } = mount();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    expect(field.getAttribute('pattern')).toBe('[0-9]*');
    expect(field.getAttribute('maxlength')).toBeNull();
    expect(screen.getByText('(11) 98765-4321').tagName).toBe('STRONG');
  });

  it('takes the digits of a pasted message, and of typing', () => {
    const { field, actor } = mount();
    fireEvent.paste(field, {
      clipboardData: { getData: () => 'Seu código Fechaí: 123-456. Não compartilhe.' },
    });
    expect(field.value).toBe('123456');
    fireEvent.change(field, { target: { value: '12a3' } });
    expect(field.value).toBe('123');
    expect(actor.getSnapshot().context.code).toBe('123');
  });

  it('sends the 6 digits with "Validar"; fewer say the code has 6 numbers', async () => {
    const { field, verifyCode } = mount();
    fireEvent.change(field, { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(screen.getByRole('alert').textContent).toBe('O código tem 6 números.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '123456' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.submit(field.form!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(verifyCode).toHaveBeenCalledWith({ phoneNumber: '5511987654321', code: '123456' });
  });

  it('a code the server refused is not sent again (each try counts); a new code is', async () => {
    const verifyCode = vi
      .fn(async (_input: VerifyCodeInput) => ({ ok: true }))
      .mockRejectedValue(
        Object.assign(new Error('Código incorreto. Você tem mais 4 tentativas.'), { status: 400 }),
      );
    const { field } = mount(verifyCode);
    fireEvent.change(field, { target: { value: '111111' } });
    fireEvent.submit(field.form!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert').textContent).toBe('Código incorreto. Você tem mais 4 tentativas.');

    // "Validar" again, or Enter again, with the same refused code.
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    fireEvent.submit(field.form!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(verifyCode).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Código incorreto. Você tem mais 4 tentativas.');

    fireEvent.change(field, { target: { value: '222222' } });
    fireEvent.submit(field.form!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(verifyCode).toHaveBeenCalledTimes(2);
    expect(verifyCode).toHaveBeenLastCalledWith({ phoneNumber: '5511987654321', code: '222222' });
  });

  it('a code the server could not check (its own failure) may be sent again as it is', async () => {
    const verifyCode = vi
      .fn(async (_input: VerifyCodeInput) => ({ ok: true }))
      .mockRejectedValueOnce(
        Object.assign(new Error('Não foi possível validar o código agora.'), { status: 503 }),
      );
    const { field, actor } = mount(verifyCode);
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.submit(field.form!);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('alert').textContent).toBe('Não foi possível validar o código agora.');
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(verifyCode).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().output).toEqual({ kind: 'verified', answer: { ok: true } });
  });

  it('counts the resend down, live, to when another code may be asked for', async () => {
    mount();
    const resend = () => screen.getByRole('button', { name: /^Reenviar código/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Reenviar código em 1:15');
    expect(resend().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(resend().textContent).toBe('Reenviar código em 1:14');
    await act(() => vi.advanceTimersByTimeAsync(64_000));
    expect(resend().textContent).toBe('Reenviar código em 0:10');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(resend().textContent).toBe('Reenviar código');
    expect(resend().disabled).toBe(false);
  });

  it('"Alterar número" ends the chart for the page to go back to the number', () => {
    const { actor } = mount();
    fireEvent.click(screen.getByRole('button', { name: 'Alterar número' }));
    expect(actor.getSnapshot().output).toEqual({ kind: 'changeNumber' });
  });
});
