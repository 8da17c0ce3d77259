// Ticks the password rules off while the user types. The server checks the same rules
// (server/auth/hosted/password-rules.ts, by the same ids); this only shows them early.
(() => {
  const checks = {
    length: (password) => [...password].length >= 8,
    letter: (password) => /\p{L}/u.test(password),
    number: (password) => /\p{Nd}/u.test(password),
    'not-email': (password, email) => email === '' || password.trim().toLowerCase() !== email,
  };

  for (const input of document.querySelectorAll('input[data-password-rules]')) {
    const list = document.getElementById(input.getAttribute('data-password-rules'));
    const emailInput = document.getElementById(input.getAttribute('data-email-input') || '');
    if (!list) continue;

    const update = () => {
      const email = emailInput ? emailInput.value.trim().toLowerCase() : '';
      for (const item of list.querySelectorAll('[data-rule]')) {
        const check = checks[item.getAttribute('data-rule')];
        if (!check) continue;
        const met = input.value !== '' && check(input.value, email);
        item.setAttribute('data-met', String(met));
        const status = item.querySelector('.rule-status');
        if (status) status.textContent = met ? ' (atendido)' : ' (pendente)';
      }
    };
    input.addEventListener('input', update);
    emailInput?.addEventListener('input', update);
    update();
  }
})();
