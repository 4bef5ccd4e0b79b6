// The embed page's "Copy the snippet" button: shown only when script runs (the text area works without it). Its
// words are the page's, in its language (data-copied, data-copy-by-hand).
for (const button of document.querySelectorAll('button[data-copy-from]')) {
  const source = document.getElementById(button.dataset.copyFrom);
  const status = button.parentElement.querySelector('.copy-status');
  button.hidden = false;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(source.value);
      status.textContent = button.dataset.copied;
    } catch {
      source.select();
      status.textContent = button.dataset.copyByHand;
    }
  });
}
