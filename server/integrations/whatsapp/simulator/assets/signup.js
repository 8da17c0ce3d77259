// The simulated Embedded Signup popup's last step: hands the app what Meta's popup would (the
// WA_EMBEDDED_SIGNUP message, then FB.login's result with the code), as JSON strings like Meta's,
// to the window that opened it, then closes.
(() => {
  const result = document.getElementById('signup-result');
  if (!result) return;
  const messages = JSON.parse(result.getAttribute('data-messages') || '[]');
  const target = result.getAttribute('data-origin') || window.location.origin;
  if (!window.opener) return;
  for (const message of messages) window.opener.postMessage(JSON.stringify(message), target);
  window.close();
})();
